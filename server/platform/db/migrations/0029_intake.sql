-- Confidential intake, filing on someone's behalf, denied access, interim relief and conciliation (issue 13,
-- docs/case.md "Confidential intake"). Tenant keys as everywhere (0016): primary keys (workspace_id, id), unique
-- indexes and foreign keys carry workspace_id, row-level security with the same policy.

-- A case filed through /api/intake has no filer account and may have no contact address; a case recorded on
-- someone's behalf waits for their confirmation (clocks not started, steps not completable).
ALTER TABLE complaints ALTER COLUMN filed_by DROP NOT NULL;
ALTER TABLE complaints ALTER COLUMN complainant_email DROP NOT NULL;
ALTER TABLE complaints ADD COLUMN intake boolean NOT NULL DEFAULT false;
ALTER TABLE complaints ADD COLUMN recorded_by uuid;
ALTER TABLE complaints ADD COLUMN recorded_channel text CHECK (recorded_channel IN ('ORAL_NOTICE', 'HELP_TO_WRITE'));
ALTER TABLE complaints ADD COLUMN confirmation_pending boolean NOT NULL DEFAULT false;
ALTER TABLE complaints ADD COLUMN confirmed_at timestamptz;
ALTER TABLE complaints ADD CONSTRAINT complaints_filer_check CHECK (intake OR filed_by IS NOT NULL);
ALTER TABLE complaints ADD CONSTRAINT complaints_recorded_check CHECK ((recorded_by IS NULL) = (recorded_channel IS NULL));
CREATE INDEX complaints_pending_idx ON complaints (workspace_id, filed_by) WHERE confirmation_pending;

-- The reporter of an intake case writes messages and adds evidence without an account.
ALTER TABLE complaint_messages ALTER COLUMN author_id DROP NOT NULL;
ALTER TABLE complaint_evidence ALTER COLUMN added_by DROP NOT NULL;
ALTER TABLE files ALTER COLUMN owner_id DROP NOT NULL;

-- How long a receipt may stay unused before it stops working.
ALTER TABLE complaint_settings ADD COLUMN receipt_expiry_days integer NOT NULL DEFAULT 180 CHECK (receipt_expiry_days BETWEEN 7 AND 3650);

-- The receipt of an intake case. Only a slow, salted hash of the key (scrypt, salt per workspace, so the key can be
-- looked up) and of the reporter's own password are kept. The contact address is only ever mailed "there is a reply"
-- and never shown to anyone. No address, no user agent, no account: nothing that identifies the reporter.
CREATE TABLE complaint_intakes (
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  complaint_id uuid NOT NULL,
  key_hash text NOT NULL,
  password_hash text,
  contact_email text,
  key_confirmed_at timestamptz,
  -- Evidence uploads of the reporter not confirmed yet (files.owner_id is null for them).
  pending_file_ids uuid[] NOT NULL DEFAULT '{}',
  last_used_at timestamptz NOT NULL DEFAULT now(),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (workspace_id, id),
  FOREIGN KEY (workspace_id, complaint_id) REFERENCES complaints (workspace_id, id) ON DELETE CASCADE
);
CREATE UNIQUE INDEX complaint_intakes_key ON complaint_intakes (workspace_id, key_hash);
CREATE UNIQUE INDEX complaint_intakes_case ON complaint_intakes (workspace_id, complaint_id);

-- Short-lived sessions of a reporter signed in with the receipt: the token's SHA-256 only.
CREATE TABLE complaint_intake_sessions (
  workspace_id uuid NOT NULL,
  token_hash text NOT NULL,
  intake_id uuid NOT NULL,
  expires_at timestamptz NOT NULL,
  PRIMARY KEY (workspace_id, token_hash),
  FOREIGN KEY (workspace_id, intake_id) REFERENCES complaint_intakes (workspace_id, id) ON DELETE CASCADE
);
CREATE INDEX complaint_intake_sessions_expiry ON complaint_intake_sessions (workspace_id, expires_at);

-- The secret of the day that rate limits key an address with (HMAC), so the limiter never holds an address, nor a
-- hash of one that could be reversed by trying the whole address space. Yesterday's secret is deleted.
CREATE TABLE intake_rate_secrets (
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  day date NOT NULL,
  secret text NOT NULL,
  PRIMARY KEY (workspace_id, day)
);

-- Events of a case that are their own records: interim relief (IN-08) and conciliation (IN-04, CA-05).
CREATE TABLE complaint_events (
  workspace_id uuid NOT NULL,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  complaint_id uuid NOT NULL,
  kind text NOT NULL CHECK (kind IN ('INTERIM_RELIEF_REQUESTED', 'INTERIM_RELIEF_DECIDED', 'CONCILIATION_REQUESTED', 'CONCILIATION_SETTLED')),
  details jsonb NOT NULL DEFAULT '{}'::jsonb,
  -- Null when the reporter of an intake case did it.
  recorded_by uuid,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (workspace_id, id),
  FOREIGN KEY (workspace_id, complaint_id) REFERENCES complaints (workspace_id, id) ON DELETE CASCADE
);
CREATE INDEX complaint_events_case_idx ON complaint_events (workspace_id, complaint_id, created_at);

ALTER TABLE complaint_intakes ENABLE ROW LEVEL SECURITY;
ALTER TABLE complaint_intake_sessions ENABLE ROW LEVEL SECURITY;
ALTER TABLE intake_rate_secrets ENABLE ROW LEVEL SECURITY;
ALTER TABLE complaint_events ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON complaint_intakes
  USING (workspace_id = nullif(current_setting('app.workspace_id', true), '')::uuid)
  WITH CHECK (workspace_id = nullif(current_setting('app.workspace_id', true), '')::uuid);
CREATE POLICY tenant_isolation ON complaint_intake_sessions
  USING (workspace_id = nullif(current_setting('app.workspace_id', true), '')::uuid)
  WITH CHECK (workspace_id = nullif(current_setting('app.workspace_id', true), '')::uuid);
CREATE POLICY tenant_isolation ON intake_rate_secrets
  USING (workspace_id = nullif(current_setting('app.workspace_id', true), '')::uuid)
  WITH CHECK (workspace_id = nullif(current_setting('app.workspace_id', true), '')::uuid);
CREATE POLICY tenant_isolation ON complaint_events
  USING (workspace_id = nullif(current_setting('app.workspace_id', true), '')::uuid)
  WITH CHECK (workspace_id = nullif(current_setting('app.workspace_id', true), '')::uuid);
