-- Retention of closed cases (issue 13 "Records and retention", docs/case.md "Retention"): the workspace's period per
-- outcome and the warning's lead, a legal hold and a postponement per case, the warning sent once per purge date,
-- and the tombstone a purged case leaves. Tenant keys, foreign keys with workspace_id and row-level security as
-- everywhere.

-- Days to keep a closed case after its closure, per outcome ({"UPHELD": 1825, ...}); an outcome not named is kept.
ALTER TABLE complaint_settings ADD COLUMN retention_periods jsonb NOT NULL DEFAULT '{}'::jsonb;
-- How many days before the purge the committee is warned.
ALTER TABLE complaint_settings ADD COLUMN retention_warn_days integer NOT NULL DEFAULT 30 CHECK (retention_warn_days BETWEEN 1 AND 365);

-- A legal hold keeps the case whatever its dates; a postponement moves its purge date (reason required with each).
ALTER TABLE complaints ADD COLUMN legal_hold boolean NOT NULL DEFAULT false;
ALTER TABLE complaints ADD COLUMN legal_hold_reason text;
ALTER TABLE complaints ADD COLUMN legal_hold_by uuid;
ALTER TABLE complaints ADD COLUMN legal_hold_at timestamptz;
ALTER TABLE complaints ADD COLUMN retention_postponed_until date;
ALTER TABLE complaints ADD COLUMN retention_postpone_reason text;
ALTER TABLE complaints ADD CONSTRAINT complaints_legal_hold_check CHECK (NOT legal_hold OR legal_hold_reason IS NOT NULL);

-- The committee was warned of the purge on purge_on: once per case and purge date (a postponement or a changed
-- period gives a new date and a new warning). Written in the transaction that puts the mails in the outbox.
CREATE TABLE complaint_retention_notices (
  workspace_id uuid NOT NULL,
  complaint_id uuid NOT NULL,
  purge_on date NOT NULL,
  warned_on date NOT NULL,
  recipients integer NOT NULL,
  PRIMARY KEY (workspace_id, complaint_id, purge_on),
  FOREIGN KEY (workspace_id, complaint_id) REFERENCES complaints (workspace_id, id) ON DELETE CASCADE
);

-- What is left of a purged case: that it existed, its number, outcome and dates, and what purged it. No party, no
-- content. The case's number is never given again (numbering reads this table too).
CREATE TABLE complaint_tombstones (
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  complaint_id uuid NOT NULL,
  case_number integer NOT NULL,
  compliance text NOT NULL,
  committee_id uuid,
  outcome text,
  received_on date NOT NULL,
  closed_on date,
  purge_due_on date NOT NULL,
  purged_on date NOT NULL,
  purged_at timestamptz NOT NULL DEFAULT now(),
  purged_by text NOT NULL,
  evidence_files integer NOT NULL DEFAULT 0,
  PRIMARY KEY (workspace_id, complaint_id),
  UNIQUE (workspace_id, case_number)
);

ALTER TABLE complaint_retention_notices ENABLE ROW LEVEL SECURITY;
ALTER TABLE complaint_tombstones ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON complaint_retention_notices
  USING (workspace_id = nullif(current_setting('app.workspace_id', true), '')::uuid)
  WITH CHECK (workspace_id = nullif(current_setting('app.workspace_id', true), '')::uuid);
CREATE POLICY tenant_isolation ON complaint_tombstones
  USING (workspace_id = nullif(current_setting('app.workspace_id', true), '')::uuid)
  WITH CHECK (workspace_id = nullif(current_setting('app.workspace_id', true), '')::uuid);
