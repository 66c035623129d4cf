-- A create that a client may repeat (a retry after a lost answer) carries an `Idempotency-Key`; the first answer is
-- kept here and a repeat with the same key gets it again instead of doing the work twice (docs/architecture.md,
-- "Idempotent requests"). Keys are the caller's own: scoped by workspace and by who sent them. Kept one day.
-- No foreign key to workspaces: the main site's rows carry the nil workspace id, as sessions do.
CREATE TABLE idempotent_requests (
  workspace_id uuid NOT NULL,
  caller text NOT NULL,
  key text NOT NULL,
  fingerprint text NOT NULL,
  status_code integer,
  content_type text,
  response text,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (workspace_id, caller, key)
);
CREATE INDEX idempotent_requests_age_idx ON idempotent_requests (workspace_id, created_at);

ALTER TABLE idempotent_requests ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON idempotent_requests
  USING (workspace_id = nullif(current_setting('app.workspace_id', true), '')::uuid)
  WITH CHECK (workspace_id = nullif(current_setting('app.workspace_id', true), '')::uuid);
