-- Bulk import as a background job (docs/imports.md): a job is worked in batches, each batch ONE transaction
-- that writes its users and invites AND advances the job's counters, so progress always matches what is written.
ALTER TABLE import_jobs DROP CONSTRAINT import_jobs_status_check;
UPDATE import_jobs SET status = 'COMPLETED' WHERE status = 'DONE';
ALTER TABLE import_jobs ADD CONSTRAINT import_jobs_status_check
  CHECK (status IN ('QUEUED', 'RUNNING', 'COMPLETED', 'FAILED', 'CANCELLED', 'INTERRUPTED'));
ALTER TABLE import_jobs ALTER COLUMN status SET DEFAULT 'QUEUED';
ALTER TABLE import_jobs
  ADD COLUMN file_name text NOT NULL DEFAULT '',
  ADD COLUMN file_kind text NOT NULL DEFAULT 'csv' CHECK (file_kind IN ('csv', 'xlsx')),
  ADD COLUMN mapping jsonb NOT NULL DEFAULT '{}',
  -- Data rows worked so far (blank rows are not counted), and the spreadsheet row of the last one.
  ADD COLUMN rows_done integer NOT NULL DEFAULT 0,
  ADD COLUMN last_row integer NOT NULL DEFAULT 1,
  ADD COLUMN batches_done integer NOT NULL DEFAULT 0,
  ADD COLUMN heartbeat_at timestamptz NOT NULL DEFAULT now(),
  ADD COLUMN cancel_requested boolean NOT NULL DEFAULT false,
  ADD COLUMN error_code text,
  ADD COLUMN error_message text,
  -- Who the rows are checked for (role rules, own unit): whoever started or last resumed the job.
  ADD COLUMN actor_id uuid,
  ADD COLUMN actor_role text,
  ADD COLUMN actor_branch_id uuid,
  ADD COLUMN actor_ip text;
-- One running import per workspace; others wait QUEUED for their turn.
CREATE UNIQUE INDEX import_jobs_one_running_uq ON import_jobs (workspace_id) WHERE status = 'RUNNING';

-- One row per written batch, in the batch's transaction: its rows and the problems of its skipped rows
-- (positional [row, email, column, reason]), read back by the job's detailed report.
CREATE TABLE import_job_batches (
  workspace_id uuid NOT NULL,
  job_id uuid NOT NULL REFERENCES import_jobs (id) ON DELETE CASCADE,
  batch_no integer NOT NULL,
  first_row integer NOT NULL,
  last_row integer NOT NULL,
  rows integer NOT NULL,
  created integer NOT NULL,
  skipped integer NOT NULL,
  problems jsonb NOT NULL,
  PRIMARY KEY (workspace_id, job_id, batch_no)
);
ALTER TABLE import_job_batches ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON import_job_batches
  USING (workspace_id = nullif(current_setting('app.workspace_id', true), '')::uuid)
  WITH CHECK (workspace_id = nullif(current_setting('app.workspace_id', true), '')::uuid);
