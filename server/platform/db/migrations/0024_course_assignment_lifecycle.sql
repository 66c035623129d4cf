-- The assignment lifecycle (issue 12, docs/learning.md "Assignment lifecycle"): due dates, unassigning that keeps the
-- history, re-assignment cycles, the workspace's default due period and reminder cadence, the reminder ledger (its
-- unique key is the idempotency key learner + course + kind + day), the pending assignment mail, and auto-assignment
-- rules. The job queue itself is pg-boss, whose tables live in its own schema `pgboss` (created by pg-boss at start).
-- Tenant keys as everywhere (0016): primary keys (workspace_id, id), unique indexes and foreign keys carry workspace_id,
-- row-level security with the same policy.

-- The current cycle of a learner's course stays one row (the player's tables key on it); `unassigned_at` set means it is
-- no longer assigned (the learner does not see it, the members list leaves it out) but nothing of it is deleted.
-- Re-assigning starts a new cycle: the old one is copied into course_assignment_history first.
ALTER TABLE course_assignments ADD COLUMN due_at timestamptz NULL;
ALTER TABLE course_assignments ADD COLUMN unassigned_at timestamptz NULL;
ALTER TABLE course_assignments ADD COLUMN unassigned_by uuid NULL;
ALTER TABLE course_assignments ADD COLUMN cycle integer NOT NULL DEFAULT 1 CHECK (cycle > 0);
-- Set by the assigning call, cleared by the job that sends the assignment mail in the same transaction as the mail.
ALTER TABLE course_assignments ADD COLUMN assignment_mail_pending boolean NOT NULL DEFAULT false;
ALTER TABLE course_assignments ADD COLUMN assigned_via text NOT NULL DEFAULT 'ADMIN' CHECK (assigned_via IN ('ADMIN', 'AUTO', 'BULK'));
CREATE INDEX course_assignments_due_idx ON course_assignments (workspace_id, due_at) WHERE unassigned_at IS NULL AND status <> 'COMPLETED';
CREATE INDEX course_assignments_mail_idx ON course_assignments (workspace_id) WHERE assignment_mail_pending;

CREATE TABLE course_assignment_history (
  workspace_id uuid NOT NULL,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  assignment_id uuid NOT NULL,
  course_id uuid NOT NULL,
  user_id uuid NOT NULL,
  cycle integer NOT NULL,
  course_version integer,
  assigned_by uuid,
  assigned_at timestamptz NOT NULL,
  due_at timestamptz,
  status text NOT NULL,
  completed_at timestamptz,
  unassigned_at timestamptz,
  unassigned_by uuid,
  archived_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (workspace_id, id),
  UNIQUE (workspace_id, assignment_id, cycle),
  FOREIGN KEY (workspace_id, assignment_id) REFERENCES course_assignments (workspace_id, id) ON DELETE CASCADE
);
CREATE INDEX course_assignment_history_user_idx ON course_assignment_history (workspace_id, user_id, course_id);

-- The workspace's assignment settings: the default due period (null: no due date) and the reminder cadence, which
-- ends (domain ReminderCadence). One row per workspace; absent means the defaults.
CREATE TABLE course_assignment_settings (
  workspace_id uuid NOT NULL,
  default_due_days integer NULL DEFAULT 30 CHECK (default_due_days IS NULL OR default_due_days BETWEEN 1 AND 3650),
  before_days integer[] NOT NULL DEFAULT '{7,1}',
  on_due_date boolean NOT NULL DEFAULT true,
  overdue_every_days integer NOT NULL DEFAULT 7 CHECK (overdue_every_days BETWEEN 1 AND 365),
  overdue_times integer NOT NULL DEFAULT 3 CHECK (overdue_times BETWEEN 0 AND 20),
  manager_after_days integer NULL DEFAULT 14 CHECK (manager_after_days IS NULL OR manager_after_days BETWEEN 1 AND 365),
  last_reminder_run_on date NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by uuid,
  PRIMARY KEY (workspace_id),
  FOREIGN KEY (workspace_id) REFERENCES workspaces (id) ON DELETE CASCADE
);

-- Every reminder sent, one row per learner, course, kind and day: the idempotency key. The row is written in the
-- transaction of the mail (or digest) that carries it, so a run interrupted and restarted neither loses nor doubles it.
CREATE TABLE course_reminders (
  workspace_id uuid NOT NULL,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL,
  course_id uuid NOT NULL,
  kind text NOT NULL CHECK (kind IN ('BEFORE_DUE', 'ON_DUE', 'OVERDUE', 'MANAGER')),
  on_day date NOT NULL,
  cycle integer NOT NULL DEFAULT 1,
  sent_to text NOT NULL,
  sent_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (workspace_id, id),
  CONSTRAINT course_reminders_once UNIQUE (workspace_id, user_id, course_id, kind, on_day),
  FOREIGN KEY (workspace_id, user_id) REFERENCES users (workspace_id, id) ON DELETE CASCADE,
  FOREIGN KEY (workspace_id, course_id) REFERENCES courses (workspace_id, id) ON DELETE CASCADE
);
CREATE INDEX course_reminders_course_idx ON course_reminders (workspace_id, course_id, user_id, sent_at DESC);

-- A course's auto-assignment rule: everyone who matches (business unit, department, joining-date window, role) is
-- assigned, when the rule is saved and whenever a person comes to match it (import, invite claim, sign-up, edit).
CREATE TABLE course_auto_assign_rules (
  workspace_id uuid NOT NULL,
  course_id uuid NOT NULL,
  enabled boolean NOT NULL DEFAULT true,
  branch_id uuid NULL,
  department_id uuid NULL,
  start_joining_date date NULL,
  end_joining_date date NULL,
  role text NULL,
  due_days integer NULL CHECK (due_days IS NULL OR due_days BETWEEN 1 AND 3650),
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by uuid,
  PRIMARY KEY (workspace_id, course_id),
  FOREIGN KEY (workspace_id, course_id) REFERENCES courses (workspace_id, id) ON DELETE CASCADE,
  FOREIGN KEY (workspace_id, branch_id) REFERENCES branches (workspace_id, id) ON DELETE CASCADE,
  FOREIGN KEY (workspace_id, department_id) REFERENCES departments (workspace_id, id) ON DELETE CASCADE,
  CHECK (end_joining_date IS NULL OR start_joining_date IS NULL OR end_joining_date >= start_joining_date)
);

ALTER TABLE course_assignment_history ENABLE ROW LEVEL SECURITY;
ALTER TABLE course_assignment_settings ENABLE ROW LEVEL SECURITY;
ALTER TABLE course_reminders ENABLE ROW LEVEL SECURITY;
ALTER TABLE course_auto_assign_rules ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON course_assignment_history
  USING (workspace_id = nullif(current_setting('app.workspace_id', true), '')::uuid)
  WITH CHECK (workspace_id = nullif(current_setting('app.workspace_id', true), '')::uuid);
CREATE POLICY tenant_isolation ON course_assignment_settings
  USING (workspace_id = nullif(current_setting('app.workspace_id', true), '')::uuid)
  WITH CHECK (workspace_id = nullif(current_setting('app.workspace_id', true), '')::uuid);
CREATE POLICY tenant_isolation ON course_reminders
  USING (workspace_id = nullif(current_setting('app.workspace_id', true), '')::uuid)
  WITH CHECK (workspace_id = nullif(current_setting('app.workspace_id', true), '')::uuid);
CREATE POLICY tenant_isolation ON course_auto_assign_rules
  USING (workspace_id = nullif(current_setting('app.workspace_id', true), '')::uuid)
  WITH CHECK (workspace_id = nullif(current_setting('app.workspace_id', true), '')::uuid);
