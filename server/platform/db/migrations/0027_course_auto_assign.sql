-- Auto-assignment (issue 12, docs/learning.md "Auto-assignment"): the rule table of 0024 gains its role check and the
-- record of its last run (shown beside the rule), and an index that finds the enabled rules of a workspace quickly
-- (every person change asks for them). Tenant keys and row-level security as created in 0024.
ALTER TABLE course_auto_assign_rules
  ADD CONSTRAINT course_auto_assign_rules_role_check CHECK (role IS NULL OR role IN ('EMPLOYEE', 'WORKSPACE_ADMIN', 'BRANCH_ADMIN', 'EMPLOYER'));
ALTER TABLE course_auto_assign_rules ADD COLUMN last_run_at timestamptz NULL;
ALTER TABLE course_auto_assign_rules ADD COLUMN last_run_assigned integer NOT NULL DEFAULT 0;
ALTER TABLE course_auto_assign_rules ADD COLUMN last_run_already integer NOT NULL DEFAULT 0;
ALTER TABLE course_auto_assign_rules ADD COLUMN last_run_not_assigned integer NOT NULL DEFAULT 0;
CREATE INDEX course_auto_assign_rules_enabled_idx ON course_auto_assign_rules (workspace_id) WHERE enabled;
