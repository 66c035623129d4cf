-- The daily case job (issue 13, docs/case.md "The daily case job"): the clocks' due dates of open cases as the job
-- last computed them, the committee's reminders, escalations and the Canada monthly status updates (CA-08), each
-- with a key that makes a second run of the same day send nothing again; and public holidays an admin removed from
-- the jurisdiction's defaults. Tenant keys, foreign keys with workspace_id and row-level security as everywhere.

-- A default holiday the workplace does not keep (e.g. a state that works on it): taken out of the calendar.
ALTER TABLE complaint_settings ADD COLUMN removed_holidays date[] NOT NULL DEFAULT '{}';

-- The clocks of each open case, recomputed by the daily job (and after a holiday edit) from
-- src/domain/complaints/statutory-clocks.ts. The dashboard and the reminders read them; the case page computes its
-- own on read, so a stale row never hides a change made today.
CREATE TABLE complaint_clock_due (
  workspace_id uuid NOT NULL,
  complaint_id uuid NOT NULL,
  clock_id text NOT NULL,
  started_on date NOT NULL,
  due_on date NOT NULL,
  met_on date,
  state text NOT NULL CHECK (state IN ('RUNNING', 'DUE_SOON', 'MISSED', 'MET', 'MET_LATE')),
  computed_on date NOT NULL,
  PRIMARY KEY (workspace_id, complaint_id, clock_id),
  FOREIGN KEY (workspace_id, complaint_id) REFERENCES complaints (workspace_id, id) ON DELETE CASCADE
);
CREATE INDEX complaint_clock_due_open_idx ON complaint_clock_due (workspace_id, due_on) WHERE met_on IS NULL;

-- One reminder per case, clock, kind and due day: the key is written in the transaction that puts the mails in the
-- outbox, so a job that runs twice (or is retried) mails the members once.
CREATE TABLE complaint_clock_notices (
  workspace_id uuid NOT NULL,
  complaint_id uuid NOT NULL,
  clock_id text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('BEFORE_3_WORKING_DAYS', 'BEFORE_1_DAY', 'MISSED')),
  due_on date NOT NULL,
  sent_on date NOT NULL,
  recipients integer NOT NULL,
  PRIMARY KEY (workspace_id, complaint_id, clock_id, kind, due_on),
  FOREIGN KEY (workspace_id, complaint_id) REFERENCES complaints (workspace_id, id) ON DELETE CASCADE
);

-- A case escalated to the target of the builder's escalation setting: once per item (a clock or a step), level and
-- due day. Shown on the case to its committee; counted (without ids) on the figures page.
CREATE TABLE complaint_escalations (
  workspace_id uuid NOT NULL,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  complaint_id uuid NOT NULL,
  escalation_type text NOT NULL CHECK (escalation_type IN ('STEP_OVERDUE', 'STATUTORY_CLOCK')),
  -- The clock id (IN_INQUIRY ...) or the step's id.
  subject text NOT NULL,
  subject_label text NOT NULL,
  level integer NOT NULL CHECK (level IN (1, 2)),
  due_on date NOT NULL,
  escalated_on date NOT NULL,
  target_user_id uuid,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (workspace_id, id),
  FOREIGN KEY (workspace_id, complaint_id) REFERENCES complaints (workspace_id, id) ON DELETE CASCADE
);
CREATE UNIQUE INDEX complaint_escalations_once ON complaint_escalations (workspace_id, complaint_id, escalation_type, subject, level, due_on);

-- CA-08: the month's status update to each party, once per case, party and month.
CREATE TABLE complaint_status_updates (
  workspace_id uuid NOT NULL,
  complaint_id uuid NOT NULL,
  party text NOT NULL CHECK (party IN ('PRINCIPAL', 'RESPONDING')),
  month date NOT NULL CHECK (extract(day FROM month) = 1),
  sent_on date NOT NULL,
  PRIMARY KEY (workspace_id, complaint_id, party, month),
  FOREIGN KEY (workspace_id, complaint_id) REFERENCES complaints (workspace_id, id) ON DELETE CASCADE
);

ALTER TABLE complaint_clock_due ENABLE ROW LEVEL SECURITY;
ALTER TABLE complaint_clock_notices ENABLE ROW LEVEL SECURITY;
ALTER TABLE complaint_escalations ENABLE ROW LEVEL SECURITY;
ALTER TABLE complaint_status_updates ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON complaint_clock_due
  USING (workspace_id = nullif(current_setting('app.workspace_id', true), '')::uuid)
  WITH CHECK (workspace_id = nullif(current_setting('app.workspace_id', true), '')::uuid);
CREATE POLICY tenant_isolation ON complaint_clock_notices
  USING (workspace_id = nullif(current_setting('app.workspace_id', true), '')::uuid)
  WITH CHECK (workspace_id = nullif(current_setting('app.workspace_id', true), '')::uuid);
CREATE POLICY tenant_isolation ON complaint_escalations
  USING (workspace_id = nullif(current_setting('app.workspace_id', true), '')::uuid)
  WITH CHECK (workspace_id = nullif(current_setting('app.workspace_id', true), '')::uuid);
CREATE POLICY tenant_isolation ON complaint_status_updates
  USING (workspace_id = nullif(current_setting('app.workspace_id', true), '')::uuid)
  WITH CHECK (workspace_id = nullif(current_setting('app.workspace_id', true), '')::uuid);
