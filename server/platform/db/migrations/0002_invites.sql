-- Invites and bulk import jobs (main API). Tenant tables: workspace_id on every row, row-level security
-- as in 0001_core.sql, and workspace_id leading every index (the Citus distribution key).

CREATE TABLE import_jobs (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  file_key text NOT NULL,
  status text NOT NULL DEFAULT 'RUNNING' CHECK (status IN ('RUNNING', 'DONE', 'FAILED')),
  total_rows integer NOT NULL DEFAULT 0,
  created integer NOT NULL DEFAULT 0,
  skipped integer NOT NULL DEFAULT 0,
  created_by uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz
);
CREATE INDEX import_jobs_ws_idx ON import_jobs (workspace_id, created_at DESC);

CREATE TABLE invites (
  -- No foreign key to workspaces: the user's key already ties the invite to its workspace (and a deleted
  -- workspace deletes its users, and so their invites); a second check per imported row buys nothing.
  workspace_id uuid NOT NULL,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  -- One live invite per person (the invitee's email is on the user): a re-send replaces the code and
  -- restarts the clock. Two indexes only, since bulk imports write an invite per row.
  PRIMARY KEY (workspace_id, user_id),
  -- No foreign keys on these two: each costs a lookup per inserted row, and bulk imports write many rows.
  -- The unit is checked when the invite is made; the job is a record of where the invite came from.
  branch_id uuid,
  import_job_id uuid,
  -- Null until the invite is sent: sending makes a code, mails it, and keeps only its SHA-256 (32 bytes).
  code_hash bytea,
  sent_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL DEFAULT now() + interval '14 days',
  claimed_at timestamptz
);
CREATE UNIQUE INDEX invites_code_uq ON invites (code_hash) WHERE code_hash IS NOT NULL;

ALTER TABLE import_jobs ENABLE ROW LEVEL SECURITY;
ALTER TABLE invites ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON import_jobs
  USING (workspace_id = nullif(current_setting('app.workspace_id', true), '')::uuid)
  WITH CHECK (workspace_id = nullif(current_setting('app.workspace_id', true), '')::uuid);
CREATE POLICY tenant_isolation ON invites
  USING (workspace_id = nullif(current_setting('app.workspace_id', true), '')::uuid)
  WITH CHECK (workspace_id = nullif(current_setting('app.workspace_id', true), '')::uuid);
