-- Committee membership is the key to every case (docs/case.md "Committee membership"):
-- a change of members waits for approval; a new member sees the cases filed before they joined only once admitted;
-- a person with a stake in an open case is not deleted or deactivated unless the presiding officer acknowledged it.

-- A proposed change of a committee's members (the whole list asked for, as PUT /api/committees/{id} gives it).
CREATE TABLE committee_membership_changes (
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  committee_id uuid NOT NULL,
  status text NOT NULL DEFAULT 'PENDING' CHECK (status IN ('PENDING', 'APPROVED', 'REJECTED')),
  -- Who decides: the committee's presiding officer, or (for the presiding officer's own seat, or a committee without
  -- one) a workspace admin or employer other than the one who asked.
  approver text NOT NULL CHECK (approver IN ('PRESIDING_OFFICER', 'SECOND_ADMIN')),
  proposal jsonb NOT NULL,
  added uuid[] NOT NULL DEFAULT '{}',
  removed uuid[] NOT NULL DEFAULT '{}',
  requested_by uuid NOT NULL,
  requested_at timestamptz NOT NULL DEFAULT now(),
  decided_by uuid,
  decided_at timestamptz,
  decision_note text NOT NULL DEFAULT '',
  PRIMARY KEY (workspace_id, id),
  FOREIGN KEY (workspace_id, committee_id) REFERENCES committees (workspace_id, id) ON DELETE CASCADE,
  CHECK ((status = 'PENDING') = (decided_at IS NULL))
);
-- One change waits at a time per committee: a second is refused until the first is decided.
CREATE UNIQUE INDEX committee_membership_changes_one_pending ON committee_membership_changes (workspace_id, committee_id) WHERE status = 'PENDING';
CREATE INDEX committee_membership_changes_committee_idx ON committee_membership_changes (workspace_id, committee_id, requested_at DESC);

-- NOT_ADMITTED: a member who joined after the case was filed, until the one presiding admits them.
ALTER TABLE complaint_recusals DROP CONSTRAINT complaint_recusals_reason_check;
ALTER TABLE complaint_recusals ADD CONSTRAINT complaint_recusals_reason_check CHECK (reason IN ('AUTO_PARTY', 'SELF', 'DENIED', 'NOT_ADMITTED'));

-- The presiding officer's acknowledgement that a person with a stake in an open case may be deleted or deactivated.
-- No foreign key to users: the acknowledgement outlives the account it is about.
CREATE TABLE case_departure_acknowledgements (
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  user_id uuid NOT NULL,
  acknowledged_by uuid NOT NULL,
  acknowledged_at timestamptz NOT NULL DEFAULT now(),
  note text NOT NULL DEFAULT '',
  PRIMARY KEY (workspace_id, user_id)
);

ALTER TABLE committee_membership_changes ENABLE ROW LEVEL SECURITY;
ALTER TABLE case_departure_acknowledgements ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON committee_membership_changes
  USING (workspace_id = nullif(current_setting('app.workspace_id', true), '')::uuid)
  WITH CHECK (workspace_id = nullif(current_setting('app.workspace_id', true), '')::uuid);
CREATE POLICY tenant_isolation ON case_departure_acknowledgements
  USING (workspace_id = nullif(current_setting('app.workspace_id', true), '')::uuid)
  WITH CHECK (workspace_id = nullif(current_setting('app.workspace_id', true), '')::uuid);
