-- One-time codes (email/SMS sign-in, password reset) and the outbox of mail and SMS.

CREATE TABLE one_time_codes (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  purpose text NOT NULL CHECK (purpose IN ('SIGN_IN_EMAIL', 'SIGN_IN_SMS', 'RESET_PASSWORD')),
  code_hash text NOT NULL,
  failed_tries integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  superseded_at timestamptz
);
CREATE INDEX one_time_codes_user_idx ON one_time_codes (workspace_id, user_id, purpose, created_at DESC);

-- Consecutive wrong codes across re-sends: a new code does not reset it; a right one does.
ALTER TABLE users ADD COLUMN code_failures integer NOT NULL DEFAULT 0;
ALTER TABLE users ADD COLUMN locked_at timestamptz;

CREATE TABLE outbox_messages (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  workspace_id uuid REFERENCES workspaces (id) ON DELETE CASCADE,
  channel text NOT NULL CHECK (channel IN ('EMAIL', 'SMS')),
  recipient text NOT NULL,
  subject text,
  body text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX outbox_messages_recipient_idx ON outbox_messages (recipient, created_at DESC);

ALTER TABLE one_time_codes ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON one_time_codes
  USING (workspace_id = nullif(current_setting('app.workspace_id', true), '')::uuid)
  WITH CHECK (workspace_id = nullif(current_setting('app.workspace_id', true), '')::uuid);
ALTER TABLE outbox_messages ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON outbox_messages
  USING (workspace_id = nullif(current_setting('app.workspace_id', true), '')::uuid)
  WITH CHECK (workspace_id = nullif(current_setting('app.workspace_id', true), '')::uuid);
