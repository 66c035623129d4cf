-- Scheduled reports (docs/reports.md "Scheduled reports"): a saved report mailed weekly or monthly to chosen admins of
-- the workspace. One schedule per saved report; the scope of a business-unit admin's schedule is fixed when it is set.
CREATE TABLE report_schedules (
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  saved_report_id uuid NOT NULL,
  owner_id uuid NOT NULL,
  frequency text NOT NULL CHECK (frequency IN ('WEEKLY', 'MONTHLY')),
  format text NOT NULL CHECK (format IN ('CSV', 'XLSX')),
  recipient_ids uuid[] NOT NULL CHECK (cardinality(recipient_ids) BETWEEN 1 AND 20),
  scoped boolean NOT NULL,
  scope_branch_id uuid,
  next_run_at timestamptz NOT NULL,
  last_run_at timestamptz,
  stopped_at timestamptz,
  stopped_reason text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (workspace_id, saved_report_id),
  FOREIGN KEY (workspace_id, saved_report_id) REFERENCES saved_reports (workspace_id, id) ON DELETE CASCADE,
  FOREIGN KEY (workspace_id, owner_id) REFERENCES users (workspace_id, id) ON DELETE CASCADE
);
CREATE INDEX report_schedules_due_idx ON report_schedules (next_run_at) WHERE stopped_at IS NULL;

ALTER TABLE report_schedules ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON report_schedules
  USING (workspace_id = nullif(current_setting('app.workspace_id', true), '')::uuid)
  WITH CHECK (workspace_id = nullif(current_setting('app.workspace_id', true), '')::uuid);
