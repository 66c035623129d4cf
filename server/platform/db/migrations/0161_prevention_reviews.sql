-- CA-09 / CA-12 (docs/law.md): every joint review of the prevention policy and of the workplace assessment, kept as a
-- record for 10 years (SOR/2020-130 s.35). `prevention_programmes` holds the last of each; this table each day ever
-- recorded, appended by the programme's save and never updated or deleted by the product.
CREATE TABLE prevention_reviews (
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('POLICY', 'ASSESSMENT')),
  reviewed_on date NOT NULL,
  recorded_by uuid,
  recorded_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (workspace_id, kind, reviewed_on)
);
ALTER TABLE prevention_reviews ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON prevention_reviews
  USING (workspace_id = nullif(current_setting('app.workspace_id', true), '')::uuid)
  WITH CHECK (workspace_id = nullif(current_setting('app.workspace_id', true), '')::uuid);
-- The reviews recorded before this table: the last of each kind.
INSERT INTO prevention_reviews (workspace_id, kind, reviewed_on, recorded_by, recorded_at)
  SELECT workspace_id, 'POLICY', policy_reviewed_on, updated_by, updated_at FROM prevention_programmes WHERE policy_reviewed_on IS NOT NULL;
INSERT INTO prevention_reviews (workspace_id, kind, reviewed_on, recorded_by, recorded_at)
  SELECT workspace_id, 'ASSESSMENT', assessment_reviewed_on, updated_by, updated_at FROM prevention_programmes WHERE assessment_reviewed_on IS NOT NULL;
