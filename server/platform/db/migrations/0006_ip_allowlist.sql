-- The elevated-IP mode (feature flag `elevateip`): while it is on for a workspace, only these ranges reach it.
CREATE TABLE workspace_ip_ranges (
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  cidr text NOT NULL,
  label text,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (workspace_id, cidr)
);
ALTER TABLE workspace_ip_ranges ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON workspace_ip_ranges
  USING (workspace_id = nullif(current_setting('app.workspace_id', true), '')::uuid)
  WITH CHECK (workspace_id = nullif(current_setting('app.workspace_id', true), '')::uuid);
