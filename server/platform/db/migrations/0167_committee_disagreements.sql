-- CA-09 / CA-12 (docs/law.md): the disagreements between the employer and the workplace committee, recorded by an
-- admin or employer and kept 10 years (SOR/2020-130 s.35). The retention job purges cases only; a delete before the
-- 10 years is refused by the service.
CREATE TABLE committee_disagreements (
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  subject text NOT NULL,
  committee_position text NOT NULL,
  employer_position text NOT NULL,
  occurred_on date NOT NULL,
  recorded_on date NOT NULL,
  recorded_by uuid,
  recorded_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (workspace_id, id)
);
ALTER TABLE committee_disagreements ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON committee_disagreements
  USING (workspace_id = nullif(current_setting('app.workspace_id', true), '')::uuid)
  WITH CHECK (workspace_id = nullif(current_setting('app.workspace_id', true), '')::uuid);
CREATE INDEX committee_disagreements_by_day ON committee_disagreements (workspace_id, occurred_on DESC);
