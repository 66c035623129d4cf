-- Complaints (issue 13, docs/case.md "Complaints"): the Internal Committee (or Canada's designated recipients), the
-- workspace's complaint settings (regime and holidays), cases bound to the version published at filing, their
-- evidence, recusals, messages by audience, meetings, completed steps, and an append-only access log.
-- Tenant keys as everywhere (0016): primary keys (workspace_id, id), unique indexes and foreign keys carry
-- workspace_id, row-level security with the same policy.

-- Which regime a workspace's cases follow (IN_POSH: India; CA_FEDERAL: Canada) and the public holidays an admin added
-- to the jurisdiction's defaults (src/domain/shared/calendar.ts); Saturday off for a five-day week (India).
CREATE TABLE complaint_settings (
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  compliance text NOT NULL DEFAULT 'IN_POSH' CHECK (compliance IN ('IN_POSH', 'CA_FEDERAL')),
  extra_holidays date[] NOT NULL DEFAULT '{}',
  saturday_off boolean NOT NULL DEFAULT false,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (workspace_id)
);

-- An Internal Committee (IN-01) of the whole workspace (branch_id null) or of one business unit; in a Canada workspace
-- the same row names the designated recipients (CA-01).
CREATE TABLE committees (
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  branch_id uuid,
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
  term_start date NOT NULL,
  term_end date NOT NULL CHECK (term_end > term_start),
  created_by uuid,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (workspace_id, id),
  FOREIGN KEY (workspace_id, branch_id) REFERENCES branches (workspace_id, id) ON DELETE CASCADE
);
CREATE UNIQUE INDEX committees_one_per_unit
  ON committees (workspace_id, COALESCE(branch_id, '00000000-0000-0000-0000-000000000000'::uuid));

-- Members are people of the workspace (the external member gets an account to read the cases). Role and gender as
-- in src/domain/complaints/committee.ts.
CREATE TABLE committee_members (
  workspace_id uuid NOT NULL,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  committee_id uuid NOT NULL,
  user_id uuid NOT NULL,
  role text NOT NULL CHECK (role IN ('PRESIDING_OFFICER', 'EMPLOYEE_MEMBER', 'EXTERNAL_MEMBER', 'DESIGNATED_RECIPIENT')),
  gender text NOT NULL CHECK (gender IN ('WOMAN', 'MAN', 'TRANSGENDER', 'UNDISCLOSED')),
  senior boolean NOT NULL DEFAULT false,
  from_another_office boolean NOT NULL DEFAULT false,
  position integer NOT NULL,
  PRIMARY KEY (workspace_id, id),
  FOREIGN KEY (workspace_id, committee_id) REFERENCES committees (workspace_id, id) ON DELETE CASCADE,
  FOREIGN KEY (workspace_id, user_id) REFERENCES users (workspace_id, id) ON DELETE CASCADE
);
CREATE UNIQUE INDEX committee_members_once ON committee_members (workspace_id, committee_id, user_id);
CREATE INDEX committee_members_user_idx ON committee_members (workspace_id, user_id);

-- A case. Bound to the version published when it was filed; the parties as the form gave them; the dates the
-- statutory clocks count from (computed on read by src/domain/complaints/statutory-clocks.ts, never stored).
CREATE TABLE complaints (
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  case_number integer NOT NULL CHECK (case_number > 0),
  compliance text NOT NULL CHECK (compliance IN ('IN_POSH', 'CA_FEDERAL')),
  committee_id uuid,
  workflow_id uuid NOT NULL,
  version_id uuid NOT NULL,
  filed_by uuid NOT NULL,
  filed_as text NOT NULL DEFAULT 'COMPLAINANT' CHECK (filed_as IN ('COMPLAINANT', 'WITNESS')),
  complainant_name text NOT NULL,
  complainant_email text NOT NULL,
  complainant_gender text,
  complainant_phone text,
  respondent_name text,
  respondent_gender text,
  respondent_phone text,
  respondent_email text,
  respondent_description text,
  -- The respondent's account, when the address given is one of the workspace's people.
  respondent_user_id uuid,
  against_employer boolean NOT NULL DEFAULT false,
  incident_details text NOT NULL,
  incident_on date NOT NULL,
  witnesses jsonb NOT NULL DEFAULT '[]'::jsonb,
  -- Answers to the fields the admin added to the form, by attribute id.
  answers jsonb NOT NULL DEFAULT '{}'::jsonb,
  received_on date NOT NULL,
  timeliness text NOT NULL CHECK (timeliness IN ('ON_TIME', 'EXTENSION_NEEDED', 'BEYOND_EXTENSION')),
  -- The member who presides when the presiding officer is recused (IN-06), chosen at filing.
  presiding_member_id uuid,
  status text NOT NULL DEFAULT 'OPEN' CHECK (status IN ('OPEN', 'CLOSED')),
  outcome text CHECK (outcome IN ('UPHELD', 'NOT_UPHELD', 'SETTLED_BY_CONCILIATION', 'WITHDRAWN', 'REFERRED')),
  outcome_summary text,
  closed_at timestamptz,
  closed_by uuid,
  respondent_copy_sent_on date,
  respondent_reply_on date,
  inquiry_start_on date,
  inquiry_completed_on date,
  report_issued_on date,
  employer_action_on date,
  first_contact_on date,
  negotiated_meeting_on date,
  resolved_on date,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((status = 'CLOSED') = (outcome IS NOT NULL AND closed_at IS NOT NULL)),
  PRIMARY KEY (workspace_id, id),
  FOREIGN KEY (workspace_id, committee_id) REFERENCES committees (workspace_id, id) ON DELETE SET NULL (committee_id),
  FOREIGN KEY (workspace_id, workflow_id) REFERENCES workflows (workspace_id, id),
  FOREIGN KEY (workspace_id, version_id) REFERENCES workflow_versions (workspace_id, id)
);
CREATE UNIQUE INDEX complaints_case_number ON complaints (workspace_id, case_number);
CREATE INDEX complaints_filed_by_idx ON complaints (workspace_id, filed_by);
CREATE INDEX complaints_committee_idx ON complaints (workspace_id, committee_id, status);
CREATE INDEX complaints_respondent_idx ON complaints (workspace_id, respondent_user_id) WHERE respondent_user_id IS NOT NULL;

-- Evidence: confirmed files of purpose EVIDENCE (any kind of file, served only as a download).
ALTER TABLE files DROP CONSTRAINT IF EXISTS files_purpose_check;
ALTER TABLE files ADD CONSTRAINT files_purpose_check CHECK (purpose IN ('VIDEO', 'IMAGE', 'PDF', 'CAPTIONS', 'DOCUMENT', 'EVIDENCE'));

CREATE TABLE complaint_evidence (
  workspace_id uuid NOT NULL,
  complaint_id uuid NOT NULL,
  file_id uuid NOT NULL,
  added_by uuid NOT NULL,
  added_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (workspace_id, complaint_id, file_id),
  FOREIGN KEY (workspace_id, complaint_id) REFERENCES complaints (workspace_id, id) ON DELETE CASCADE,
  FOREIGN KEY (workspace_id, file_id) REFERENCES files (workspace_id, id)
);

-- Who may not see a case: a member who is a party (AUTO_PARTY), who recused themselves (SELF), or whom the case
-- denies without telling them (DENIED).
CREATE TABLE complaint_recusals (
  workspace_id uuid NOT NULL,
  complaint_id uuid NOT NULL,
  user_id uuid NOT NULL,
  reason text NOT NULL CHECK (reason IN ('AUTO_PARTY', 'SELF', 'DENIED')),
  note text NOT NULL DEFAULT '',
  recorded_by uuid,
  recorded_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (workspace_id, complaint_id, user_id),
  FOREIGN KEY (workspace_id, complaint_id) REFERENCES complaints (workspace_id, id) ON DELETE CASCADE
);

CREATE TABLE complaint_messages (
  workspace_id uuid NOT NULL,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  complaint_id uuid NOT NULL,
  audience text NOT NULL CHECK (audience IN ('COMPLAINANT', 'RESPONDENT', 'COMMITTEE')),
  author_id uuid NOT NULL,
  body text NOT NULL CHECK (length(body) BETWEEN 1 AND 10000),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (workspace_id, id),
  FOREIGN KEY (workspace_id, complaint_id) REFERENCES complaints (workspace_id, id) ON DELETE CASCADE
);
CREATE INDEX complaint_messages_case_idx ON complaint_messages (workspace_id, complaint_id, created_at);

CREATE TABLE complaint_meetings (
  workspace_id uuid NOT NULL,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  complaint_id uuid NOT NULL,
  step_id uuid,
  title text NOT NULL,
  agenda text NOT NULL,
  starts_at timestamptz NOT NULL,
  ends_at timestamptz NOT NULL CHECK (ends_at > starts_at),
  location text NOT NULL,
  guests jsonb NOT NULL,
  minutes text,
  outcome text,
  created_by uuid NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (workspace_id, id),
  FOREIGN KEY (workspace_id, complaint_id) REFERENCES complaints (workspace_id, id) ON DELETE CASCADE
);
CREATE INDEX complaint_meetings_case_idx ON complaint_meetings (workspace_id, complaint_id, starts_at);

CREATE TABLE complaint_step_completions (
  workspace_id uuid NOT NULL,
  complaint_id uuid NOT NULL,
  step_id uuid NOT NULL,
  note text NOT NULL DEFAULT '',
  completed_by uuid NOT NULL,
  completed_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (workspace_id, complaint_id, step_id),
  FOREIGN KEY (workspace_id, complaint_id) REFERENCES complaints (workspace_id, id) ON DELETE CASCADE,
  FOREIGN KEY (workspace_id, step_id) REFERENCES workflow_steps (workspace_id, id)
);

-- Every read, change and download of a case (IN-11): who, what, when. Append-only: a trigger refuses any UPDATE, and
-- any DELETE but the cascade of the case's (or the workspace's) own deletion.
CREATE TABLE complaint_audit_events (
  workspace_id uuid NOT NULL,
  id bigint GENERATED ALWAYS AS IDENTITY,
  complaint_id uuid NOT NULL,
  actor_user_id uuid,
  action text NOT NULL,
  details jsonb NOT NULL DEFAULT '{}'::jsonb,
  ip text,
  at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (workspace_id, id),
  FOREIGN KEY (workspace_id, complaint_id) REFERENCES complaints (workspace_id, id) ON DELETE CASCADE
);
CREATE INDEX complaint_audit_events_case_idx ON complaint_audit_events (workspace_id, complaint_id, at);

CREATE FUNCTION complaint_audit_events_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A cascade from deleting the case itself runs inside the foreign key's own trigger (depth 2 or more).
  IF TG_OP = 'DELETE' AND pg_trigger_depth() > 1 THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'the access log of a case cannot be changed' USING ERRCODE = 'insufficient_privilege';
END;
$$;
CREATE TRIGGER complaint_audit_events_append_only BEFORE UPDATE OR DELETE ON complaint_audit_events
  FOR EACH ROW EXECUTE FUNCTION complaint_audit_events_append_only();

-- The outbox keeps attachments (a meeting's .ics invitation) beside the text.
ALTER TABLE outbox_messages ADD COLUMN attachments jsonb NOT NULL DEFAULT '[]'::jsonb;

ALTER TABLE complaint_settings ENABLE ROW LEVEL SECURITY;
ALTER TABLE committees ENABLE ROW LEVEL SECURITY;
ALTER TABLE committee_members ENABLE ROW LEVEL SECURITY;
ALTER TABLE complaints ENABLE ROW LEVEL SECURITY;
ALTER TABLE complaint_evidence ENABLE ROW LEVEL SECURITY;
ALTER TABLE complaint_recusals ENABLE ROW LEVEL SECURITY;
ALTER TABLE complaint_messages ENABLE ROW LEVEL SECURITY;
ALTER TABLE complaint_meetings ENABLE ROW LEVEL SECURITY;
ALTER TABLE complaint_step_completions ENABLE ROW LEVEL SECURITY;
ALTER TABLE complaint_audit_events ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON complaint_settings
  USING (workspace_id = nullif(current_setting('app.workspace_id', true), '')::uuid)
  WITH CHECK (workspace_id = nullif(current_setting('app.workspace_id', true), '')::uuid);
CREATE POLICY tenant_isolation ON committees
  USING (workspace_id = nullif(current_setting('app.workspace_id', true), '')::uuid)
  WITH CHECK (workspace_id = nullif(current_setting('app.workspace_id', true), '')::uuid);
CREATE POLICY tenant_isolation ON committee_members
  USING (workspace_id = nullif(current_setting('app.workspace_id', true), '')::uuid)
  WITH CHECK (workspace_id = nullif(current_setting('app.workspace_id', true), '')::uuid);
CREATE POLICY tenant_isolation ON complaints
  USING (workspace_id = nullif(current_setting('app.workspace_id', true), '')::uuid)
  WITH CHECK (workspace_id = nullif(current_setting('app.workspace_id', true), '')::uuid);
CREATE POLICY tenant_isolation ON complaint_evidence
  USING (workspace_id = nullif(current_setting('app.workspace_id', true), '')::uuid)
  WITH CHECK (workspace_id = nullif(current_setting('app.workspace_id', true), '')::uuid);
CREATE POLICY tenant_isolation ON complaint_recusals
  USING (workspace_id = nullif(current_setting('app.workspace_id', true), '')::uuid)
  WITH CHECK (workspace_id = nullif(current_setting('app.workspace_id', true), '')::uuid);
CREATE POLICY tenant_isolation ON complaint_messages
  USING (workspace_id = nullif(current_setting('app.workspace_id', true), '')::uuid)
  WITH CHECK (workspace_id = nullif(current_setting('app.workspace_id', true), '')::uuid);
CREATE POLICY tenant_isolation ON complaint_meetings
  USING (workspace_id = nullif(current_setting('app.workspace_id', true), '')::uuid)
  WITH CHECK (workspace_id = nullif(current_setting('app.workspace_id', true), '')::uuid);
CREATE POLICY tenant_isolation ON complaint_step_completions
  USING (workspace_id = nullif(current_setting('app.workspace_id', true), '')::uuid)
  WITH CHECK (workspace_id = nullif(current_setting('app.workspace_id', true), '')::uuid);
CREATE POLICY tenant_isolation ON complaint_audit_events
  USING (workspace_id = nullif(current_setting('app.workspace_id', true), '')::uuid)
  WITH CHECK (workspace_id = nullif(current_setting('app.workspace_id', true), '')::uuid);
