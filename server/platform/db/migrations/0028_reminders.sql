-- Reminders, completion mail and recertification (issue 12 "Notifications" and "Certificates", issue 14 policy
-- reminders; docs/learning.md "Reminders and recertification"). Tenant keys as everywhere (0016).

-- course_reminders is the idempotency ledger of every course mail that must not go twice the same day: the daily
-- cadence (BEFORE_DUE, ON_DUE, OVERDUE, MANAGER), an admin's "remind now" (MANUAL), the completion mail (COMPLETED),
-- a recertification's re-assignment (RECERTIFY) and the admins' early warning that a catalogue course's
-- recertification lacks credits (NO_CREDITS, one row per admin).
ALTER TABLE course_reminders DROP CONSTRAINT course_reminders_kind_check;
ALTER TABLE course_reminders ADD CONSTRAINT course_reminders_kind_check
  CHECK (kind IN ('BEFORE_DUE', 'ON_DUE', 'OVERDUE', 'MANAGER', 'MANUAL', 'COMPLETED', 'RECERTIFY', 'NO_CREDITS'));

-- The completion mail: set on every completion recorded from now on (the column's default), cleared by the job that
-- mails the learner, in the transaction of the mail. Completions recorded before this migration are not mailed.
ALTER TABLE course_completions ADD COLUMN mail_pending boolean NOT NULL DEFAULT false;
ALTER TABLE course_completions ALTER COLUMN mail_pending SET DEFAULT true;
CREATE INDEX course_completions_mail_idx ON course_completions (workspace_id) WHERE mail_pending;

-- Recertification: re-assign this many days before a completion expires; warn the admins this many days before when
-- a catalogue course lacks the credits the re-assignments will consume.
ALTER TABLE course_assignment_settings ADD COLUMN recertify_days_before integer NOT NULL DEFAULT 30
  CHECK (recertify_days_before BETWEEN 1 AND 365);
ALTER TABLE course_assignment_settings ADD COLUMN credit_notice_days_before integer NOT NULL DEFAULT 60
  CHECK (credit_notice_days_before BETWEEN 1 AND 365);

-- Policy reminders: one row per person, published policy, kind and day (the idempotency key), written in the
-- transaction that puts the mail in the outbox. `version` is the version the person was asked to accept.
CREATE TABLE policy_reminders (
  workspace_id uuid NOT NULL,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL,
  policy_id uuid NOT NULL,
  version integer NOT NULL,
  kind text NOT NULL CHECK (kind IN ('BEFORE_DUE', 'ON_DUE', 'OVERDUE', 'MANUAL')),
  on_day date NOT NULL,
  sent_to text NOT NULL,
  sent_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (workspace_id, id),
  CONSTRAINT policy_reminders_once UNIQUE (workspace_id, user_id, policy_id, kind, on_day),
  FOREIGN KEY (workspace_id, user_id) REFERENCES users (workspace_id, id) ON DELETE CASCADE,
  FOREIGN KEY (workspace_id, policy_id) REFERENCES workspace_policies (workspace_id, id) ON DELETE CASCADE
);
CREATE INDEX policy_reminders_policy_idx ON policy_reminders (workspace_id, policy_id, user_id, sent_at DESC);
ALTER TABLE policy_reminders ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON policy_reminders
  USING (workspace_id = nullif(current_setting('app.workspace_id', true), '')::uuid)
  WITH CHECK (workspace_id = nullif(current_setting('app.workspace_id', true), '')::uuid);
