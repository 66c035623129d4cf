-- Reports (docs/reports.md): an admin's saved report definitions, and the export jobs that write a report to a file.
-- Both are tenant tables keyed by workspace, and both belong to the admin who made them: nobody else reads them
-- (a business-unit admin's export holds only their unit's people, and must not reach another unit's admin).

CREATE TABLE saved_reports (
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  owner_id uuid NOT NULL,
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 120),
  definition jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (workspace_id, id),
  FOREIGN KEY (workspace_id, owner_id) REFERENCES users (workspace_id, id) ON DELETE CASCADE
);
CREATE INDEX saved_reports_owner_idx ON saved_reports (workspace_id, owner_id, lower(name));

ALTER TABLE saved_reports ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON saved_reports
  USING (workspace_id = nullif(current_setting('app.workspace_id', true), '')::uuid)
  WITH CHECK (workspace_id = nullif(current_setting('app.workspace_id', true), '')::uuid);

-- One export: the definition as asked and the scope it runs under (the requester's business unit for a
-- business-unit admin, fixed when asked), its progress, and the finished file. `file_key` is set only in the
-- transaction that marks the job DONE, after the whole file is in the store: a half-written file is never offered.
CREATE TABLE report_exports (
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  owner_id uuid NOT NULL,
  name text NOT NULL,
  definition jsonb NOT NULL,
  scope_branch_id uuid,
  scoped boolean NOT NULL,
  format text NOT NULL CHECK (format IN ('CSV', 'XLSX')),
  status text NOT NULL DEFAULT 'QUEUED' CHECK (status IN ('QUEUED', 'RUNNING', 'DONE', 'FAILED')),
  rows_done integer NOT NULL DEFAULT 0,
  total_rows integer,
  attempts integer NOT NULL DEFAULT 0,
  file_key text,
  file_name text,
  error text,
  heartbeat_at timestamptz NOT NULL DEFAULT now(),
  created_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz,
  PRIMARY KEY (workspace_id, id),
  CHECK (status <> 'DONE' OR (file_key IS NOT NULL AND file_name IS NOT NULL)),
  FOREIGN KEY (workspace_id, owner_id) REFERENCES users (workspace_id, id) ON DELETE CASCADE
);
CREATE INDEX report_exports_owner_idx ON report_exports (workspace_id, owner_id, created_at DESC);
CREATE INDEX report_exports_open_idx ON report_exports (workspace_id, heartbeat_at) WHERE status IN ('QUEUED', 'RUNNING');
CREATE INDEX report_exports_file_idx ON report_exports (workspace_id, file_key) WHERE file_key IS NOT NULL;

ALTER TABLE report_exports ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON report_exports
  USING (workspace_id = nullif(current_setting('app.workspace_id', true), '')::uuid)
  WITH CHECK (workspace_id = nullif(current_setting('app.workspace_id', true), '')::uuid);
