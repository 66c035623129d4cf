-- The jurisdictions a workspace declares it operates in (issue 14, docs/policies.md "Compliance status"): its
-- compliance page shows the catalogue's obligations of each. A tenant table keyed by workspace; the jurisdiction is
-- catalogue reference data (a tenant table may reference a reference table).
CREATE TABLE workspace_jurisdictions (
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  jurisdiction_id uuid NOT NULL REFERENCES jurisdictions (id) ON DELETE CASCADE,
  declared_at timestamptz NOT NULL DEFAULT now(),
  declared_by uuid,
  PRIMARY KEY (workspace_id, jurisdiction_id)
);

ALTER TABLE workspace_jurisdictions ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON workspace_jurisdictions
  USING (workspace_id = nullif(current_setting('app.workspace_id', true), '')::uuid)
  WITH CHECK (workspace_id = nullif(current_setting('app.workspace_id', true), '')::uuid);
