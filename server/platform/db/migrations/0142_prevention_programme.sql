-- Canada's prevention programme (docs/law.md "Canada's prevention programme"; legal-rules.md CA-03, CA-12): the
-- elements of SOR/2020-130 s.10(2) the employer confirmed its policy contains, and the days of the last joint review
-- of the policy and of the joint workplace assessment. One row per workspace; row-level security as every tenant table.
CREATE TABLE prevention_programmes (
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  policy_elements text[] NOT NULL DEFAULT '{}',
  policy_reviewed_on date,
  assessment_reviewed_on date,
  updated_by uuid,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (workspace_id)
);
ALTER TABLE prevention_programmes ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON prevention_programmes
  USING (workspace_id = nullif(current_setting('app.workspace_id', true), '')::uuid)
  WITH CHECK (workspace_id = nullif(current_setting('app.workspace_id', true), '')::uuid);
