-- Canada's investigation (docs/case.md "Canada's investigation"; legal-rules.md CA-05, CA-06): the workspace's roster
-- of investigators, each case's investigation (proposal, the parties' agreement or the roster after 60 days, the
-- report) and the recommendations the employer chose and implemented. Tenant tables keyed by workspace, row-level
-- security as every table.

CREATE TABLE investigators (
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
  email text NOT NULL CHECK (length(email) BETWEEN 3 AND 254),
  qualifications text NOT NULL DEFAULT '' CHECK (length(qualifications) <= 2000),
  kind text NOT NULL CHECK (kind IN ('INTERNAL', 'EXTERNAL')),
  -- The roster's order: the round robin goes by it.
  position integer NOT NULL,
  active boolean NOT NULL DEFAULT true,
  added_by uuid NOT NULL,
  added_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (workspace_id, id)
);
CREATE UNIQUE INDEX investigators_email_key ON investigators (workspace_id, lower(email));

CREATE TABLE complaint_investigations (
  workspace_id uuid NOT NULL,
  complaint_id uuid NOT NULL,
  investigator_id uuid NOT NULL,
  proposed_on date NOT NULL,
  proposed_by uuid NOT NULL,
  complainant_agreed_on date,
  respondent_agreed_on date,
  appointed_on date,
  appointed_by text CHECK (appointed_by IN ('AGREEMENT', 'ROSTER')),
  appointed_at timestamptz,
  -- The roster's position of an investigator the roster chose: the next round starts after it.
  roster_position integer,
  report_description text CHECK (length(report_description) <= 20000),
  report_conclusions text CHECK (length(report_conclusions) <= 20000),
  report_submitted_at timestamptz,
  PRIMARY KEY (workspace_id, complaint_id),
  FOREIGN KEY (workspace_id, complaint_id) REFERENCES complaints (workspace_id, id) ON DELETE CASCADE,
  FOREIGN KEY (workspace_id, investigator_id) REFERENCES investigators (workspace_id, id)
);
CREATE INDEX complaint_investigations_investigator_idx ON complaint_investigations (workspace_id, investigator_id);

CREATE TABLE investigation_recommendations (
  workspace_id uuid NOT NULL,
  complaint_id uuid NOT NULL,
  position integer NOT NULL,
  body text NOT NULL CHECK (length(body) BETWEEN 1 AND 2000),
  chosen boolean NOT NULL DEFAULT false,
  chosen_on date,
  implemented_on date,
  recorded_by uuid,
  PRIMARY KEY (workspace_id, complaint_id, position),
  FOREIGN KEY (workspace_id, complaint_id) REFERENCES complaint_investigations (workspace_id, complaint_id) ON DELETE CASCADE
);

ALTER TABLE investigators ENABLE ROW LEVEL SECURITY;
ALTER TABLE complaint_investigations ENABLE ROW LEVEL SECURITY;
ALTER TABLE investigation_recommendations ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON investigators
  USING (workspace_id = nullif(current_setting('app.workspace_id', true), '')::uuid)
  WITH CHECK (workspace_id = nullif(current_setting('app.workspace_id', true), '')::uuid);
CREATE POLICY tenant_isolation ON complaint_investigations
  USING (workspace_id = nullif(current_setting('app.workspace_id', true), '')::uuid)
  WITH CHECK (workspace_id = nullif(current_setting('app.workspace_id', true), '')::uuid);
CREATE POLICY tenant_isolation ON investigation_recommendations
  USING (workspace_id = nullif(current_setting('app.workspace_id', true), '')::uuid)
  WITH CHECK (workspace_id = nullif(current_setting('app.workspace_id', true), '')::uuid);
