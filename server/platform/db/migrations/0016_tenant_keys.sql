-- Tenant keys (issue 10, "ready to scale out"; docs/architecture.md, Data): on every tenant table the primary key
-- is (workspace_id, ...), every unique index starts with workspace_id, and every foreign key between tenant tables
-- carries workspace_id column to column, so the schema distributes on Citus by workspace_id with co-located joins.
-- test/server/platform/schema-rules.test.ts reads the catalogue and holds every later table to the same rules.
-- Runs in one transaction (server/platform/db/migrate.ts): foreign keys are dropped first, then the keys they
-- rest on, then rebuilt in order, so it works on a database with data.

-- 1. No null workspace. Rows that belong to no workspace (the main site's sessions and mail, the platform's own
-- audit events, the manual for every workspace) take the nil UUID, the main site. It is not a row of workspaces,
-- so these four tables lose their foreign key to workspaces; deleting a workspace deletes their rows itself
-- (server/main/platform/workspaces.routes.ts).
ALTER TABLE sessions DROP CONSTRAINT sessions_workspace_id_fkey;
ALTER TABLE audit_events DROP CONSTRAINT audit_events_workspace_id_fkey;
ALTER TABLE outbox_messages DROP CONSTRAINT outbox_messages_workspace_id_fkey;
ALTER TABLE user_manuals DROP CONSTRAINT user_manuals_workspace_id_fkey;
UPDATE sessions SET workspace_id = '00000000-0000-0000-0000-000000000000' WHERE workspace_id IS NULL;
UPDATE audit_events SET workspace_id = '00000000-0000-0000-0000-000000000000' WHERE workspace_id IS NULL;
UPDATE outbox_messages SET workspace_id = '00000000-0000-0000-0000-000000000000' WHERE workspace_id IS NULL;
UPDATE user_manuals SET workspace_id = '00000000-0000-0000-0000-000000000000' WHERE workspace_id IS NULL;
ALTER TABLE sessions ALTER COLUMN workspace_id SET NOT NULL;
ALTER TABLE audit_events ALTER COLUMN workspace_id SET NOT NULL;
ALTER TABLE outbox_messages ALTER COLUMN workspace_id SET NOT NULL;
ALTER TABLE user_manuals ALTER COLUMN workspace_id SET NOT NULL;

-- 2. Drop every foreign key between tenant tables (by id, or resting on the UNIQUE (workspace_id, id) keys below).
ALTER TABLE departments DROP CONSTRAINT departments_branch_id_fkey;
ALTER TABLE users DROP CONSTRAINT users_branch_id_fkey;
ALTER TABLE users DROP CONSTRAINT users_department_id_fkey;
ALTER TABLE sessions DROP CONSTRAINT sessions_user_id_fkey;
ALTER TABLE import_jobs DROP CONSTRAINT import_jobs_created_by_fkey;
ALTER TABLE invites DROP CONSTRAINT invites_user_id_fkey;
ALTER TABLE import_job_batches DROP CONSTRAINT import_job_batches_job_id_fkey;
ALTER TABLE course_languages DROP CONSTRAINT course_languages_workspace_id_course_id_fkey;
ALTER TABLE course_contents DROP CONSTRAINT course_contents_workspace_id_course_id_fkey;
ALTER TABLE course_content_titles DROP CONSTRAINT course_content_titles_workspace_id_content_id_fkey;
ALTER TABLE lesson_blocks DROP CONSTRAINT lesson_blocks_workspace_id_content_id_fkey;
ALTER TABLE quiz_questions DROP CONSTRAINT quiz_questions_workspace_id_content_id_fkey;
ALTER TABLE quiz_options DROP CONSTRAINT quiz_options_workspace_id_question_id_fkey;
ALTER TABLE course_assignments DROP CONSTRAINT course_assignments_workspace_id_course_id_fkey;
ALTER TABLE course_assignments DROP CONSTRAINT course_assignments_user_id_fkey;
ALTER TABLE workflow_branches DROP CONSTRAINT workflow_branches_workspace_id_workflow_id_fkey;
ALTER TABLE workflow_branches DROP CONSTRAINT workflow_branches_branch_id_fkey;
ALTER TABLE workflow_versions DROP CONSTRAINT workflow_versions_workspace_id_workflow_id_fkey;
ALTER TABLE workflow_versions DROP CONSTRAINT workflow_versions_copied_from_version_id_fkey;
ALTER TABLE workflow_steps DROP CONSTRAINT workflow_steps_workspace_id_version_id_fkey;
ALTER TABLE one_time_codes DROP CONSTRAINT one_time_codes_user_id_fkey;
ALTER TABLE department_managers DROP CONSTRAINT department_managers_department_id_fkey;
ALTER TABLE department_managers DROP CONSTRAINT department_managers_user_id_fkey;
ALTER TABLE user_identities DROP CONSTRAINT user_identities_user_id_fkey;
ALTER TABLE email_confirmations DROP CONSTRAINT email_confirmations_user_id_fkey;
ALTER TABLE profile_image_uploads DROP CONSTRAINT profile_image_uploads_user_id_fkey;

-- 3. Primary keys (workspace_id, id); the UNIQUE (workspace_id, id) keys they replace go.
ALTER TABLE branches DROP CONSTRAINT branches_pkey;
ALTER TABLE branches ADD CONSTRAINT branches_pkey PRIMARY KEY (workspace_id, id);
ALTER TABLE departments DROP CONSTRAINT departments_pkey;
ALTER TABLE departments ADD CONSTRAINT departments_pkey PRIMARY KEY (workspace_id, id);
ALTER TABLE users DROP CONSTRAINT users_pkey;
ALTER TABLE users ADD CONSTRAINT users_pkey PRIMARY KEY (workspace_id, id);
ALTER TABLE sessions DROP CONSTRAINT sessions_pkey;
ALTER TABLE sessions ADD CONSTRAINT sessions_pkey PRIMARY KEY (workspace_id, id);
ALTER TABLE audit_events DROP CONSTRAINT audit_events_pkey;
ALTER TABLE audit_events ADD CONSTRAINT audit_events_pkey PRIMARY KEY (workspace_id, id);
ALTER TABLE import_jobs DROP CONSTRAINT import_jobs_pkey;
ALTER TABLE import_jobs ADD CONSTRAINT import_jobs_pkey PRIMARY KEY (workspace_id, id);
ALTER TABLE courses DROP CONSTRAINT courses_pkey, DROP CONSTRAINT courses_workspace_id_id_key;
ALTER TABLE courses ADD CONSTRAINT courses_pkey PRIMARY KEY (workspace_id, id);
ALTER TABLE course_languages DROP CONSTRAINT course_languages_pkey;
ALTER TABLE course_languages ADD CONSTRAINT course_languages_pkey PRIMARY KEY (workspace_id, course_id, language);
ALTER TABLE course_contents DROP CONSTRAINT course_contents_pkey, DROP CONSTRAINT course_contents_workspace_id_id_key;
ALTER TABLE course_contents ADD CONSTRAINT course_contents_pkey PRIMARY KEY (workspace_id, id);
ALTER TABLE course_content_titles DROP CONSTRAINT course_content_titles_pkey;
ALTER TABLE course_content_titles ADD CONSTRAINT course_content_titles_pkey PRIMARY KEY (workspace_id, content_id, language);
ALTER TABLE lesson_blocks DROP CONSTRAINT lesson_blocks_pkey;
ALTER TABLE lesson_blocks ADD CONSTRAINT lesson_blocks_pkey PRIMARY KEY (workspace_id, id);
ALTER TABLE quiz_questions DROP CONSTRAINT quiz_questions_pkey, DROP CONSTRAINT quiz_questions_workspace_id_id_key;
ALTER TABLE quiz_questions ADD CONSTRAINT quiz_questions_pkey PRIMARY KEY (workspace_id, id);
ALTER TABLE quiz_options DROP CONSTRAINT quiz_options_pkey;
ALTER TABLE quiz_options ADD CONSTRAINT quiz_options_pkey PRIMARY KEY (workspace_id, id);
ALTER TABLE course_assignments DROP CONSTRAINT course_assignments_pkey;
ALTER TABLE course_assignments ADD CONSTRAINT course_assignments_pkey PRIMARY KEY (workspace_id, id);
ALTER TABLE workflows DROP CONSTRAINT workflows_pkey, DROP CONSTRAINT workflows_workspace_id_id_key;
ALTER TABLE workflows ADD CONSTRAINT workflows_pkey PRIMARY KEY (workspace_id, id);
ALTER TABLE workflow_versions DROP CONSTRAINT workflow_versions_pkey, DROP CONSTRAINT workflow_versions_workspace_id_id_key;
ALTER TABLE workflow_versions ADD CONSTRAINT workflow_versions_pkey PRIMARY KEY (workspace_id, id);
ALTER TABLE workflow_steps DROP CONSTRAINT workflow_steps_pkey;
ALTER TABLE workflow_steps ADD CONSTRAINT workflow_steps_pkey PRIMARY KEY (workspace_id, id);
ALTER TABLE one_time_codes DROP CONSTRAINT one_time_codes_pkey;
ALTER TABLE one_time_codes ADD CONSTRAINT one_time_codes_pkey PRIMARY KEY (workspace_id, id);
ALTER TABLE outbox_messages DROP CONSTRAINT outbox_messages_pkey;
ALTER TABLE outbox_messages ADD CONSTRAINT outbox_messages_pkey PRIMARY KEY (workspace_id, id);
ALTER TABLE user_manuals DROP CONSTRAINT user_manuals_pkey;
ALTER TABLE user_manuals ADD CONSTRAINT user_manuals_pkey PRIMARY KEY (workspace_id, id);
ALTER TABLE signup_allow_list DROP CONSTRAINT signup_allow_list_pkey;
ALTER TABLE signup_allow_list ADD CONSTRAINT signup_allow_list_pkey PRIMARY KEY (workspace_id, id);
ALTER TABLE user_identities DROP CONSTRAINT user_identities_pkey;
ALTER TABLE user_identities ADD CONSTRAINT user_identities_pkey PRIMARY KEY (workspace_id, id);
ALTER TABLE oidc_sign_in_requests DROP CONSTRAINT oidc_sign_in_requests_pkey;
ALTER TABLE oidc_sign_in_requests ADD CONSTRAINT oidc_sign_in_requests_pkey PRIMARY KEY (workspace_id, id);
ALTER TABLE email_confirmations DROP CONSTRAINT email_confirmations_pkey;
ALTER TABLE email_confirmations ADD CONSTRAINT email_confirmations_pkey PRIMARY KEY (workspace_id, id);
ALTER TABLE profile_image_uploads DROP CONSTRAINT profile_image_uploads_pkey;
ALTER TABLE profile_image_uploads ADD CONSTRAINT profile_image_uploads_pkey PRIMARY KEY (workspace_id, id);
-- The people summary had no primary key (its key has nullable parts: UNIQUE NULLS NOT DISTINCT); a shard move by
-- logical replication needs one.
ALTER TABLE user_counts ADD COLUMN id bigint GENERATED ALWAYS AS IDENTITY;
ALTER TABLE user_counts ADD CONSTRAINT user_counts_pkey PRIMARY KEY (workspace_id, id);

-- 4. Unique indexes start with workspace_id (same names, so code and tests that name them keep working).
ALTER TABLE sessions DROP CONSTRAINT sessions_token_hash_key;
ALTER TABLE sessions ADD CONSTRAINT sessions_token_hash_key UNIQUE (workspace_id, token_hash);
DROP INDEX invites_code_uq;
CREATE UNIQUE INDEX invites_code_uq ON invites (workspace_id, code_hash) WHERE code_hash IS NOT NULL;
DROP INDEX course_languages_one_primary;
CREATE UNIQUE INDEX course_languages_one_primary ON course_languages (workspace_id, course_id) WHERE priority = 'PRIMARY';
ALTER TABLE course_contents DROP CONSTRAINT course_contents_position_uq;
ALTER TABLE course_contents ADD CONSTRAINT course_contents_position_uq UNIQUE (workspace_id, course_id, position) DEFERRABLE INITIALLY DEFERRED;
ALTER TABLE lesson_blocks DROP CONSTRAINT lesson_blocks_position_uq;
ALTER TABLE lesson_blocks ADD CONSTRAINT lesson_blocks_position_uq UNIQUE (workspace_id, content_id, language, position) DEFERRABLE INITIALLY DEFERRED;
ALTER TABLE quiz_questions DROP CONSTRAINT quiz_questions_position_uq;
ALTER TABLE quiz_questions ADD CONSTRAINT quiz_questions_position_uq UNIQUE (workspace_id, content_id, language, position) DEFERRABLE INITIALLY DEFERRED;
ALTER TABLE quiz_options DROP CONSTRAINT quiz_options_position_uq;
ALTER TABLE quiz_options ADD CONSTRAINT quiz_options_position_uq UNIQUE (workspace_id, question_id, position) DEFERRABLE INITIALLY DEFERRED;
ALTER TABLE course_assignments DROP CONSTRAINT course_assignments_once;
ALTER TABLE course_assignments ADD CONSTRAINT course_assignments_once UNIQUE (workspace_id, course_id, user_id);
ALTER TABLE workflow_versions DROP CONSTRAINT workflow_versions_workflow_id_version_number_key;
ALTER TABLE workflow_versions ADD CONSTRAINT workflow_versions_workflow_id_version_number_key UNIQUE (workspace_id, workflow_id, version_number);
DROP INDEX workflow_versions_one_published;
CREATE UNIQUE INDEX workflow_versions_one_published ON workflow_versions (workspace_id, workflow_id) WHERE status = 'PUBLISHED';
ALTER TABLE workflow_steps DROP CONSTRAINT workflow_steps_version_id_position_key;
ALTER TABLE workflow_steps ADD CONSTRAINT workflow_steps_version_id_position_key UNIQUE (workspace_id, version_id, position);
-- One manual per scope (a workspace, or the main site's for every workspace); the file link finds it by token.
DROP INDEX user_manuals_one_per_workspace;
DROP INDEX user_manuals_one_for_all;
ALTER TABLE user_manuals DROP CONSTRAINT user_manuals_file_token_key;
ALTER TABLE user_manuals ADD CONSTRAINT user_manuals_one_per_workspace UNIQUE (workspace_id);
CREATE INDEX user_manuals_file_token_idx ON user_manuals (file_token);

-- Indexes the new keys now cover exactly (or as a prefix): one index fewer to write per row.
DROP INDEX course_languages_ws_idx;
DROP INDEX course_contents_ws_idx;
DROP INDEX course_content_titles_ws_idx;
DROP INDEX lesson_blocks_ws_idx;
DROP INDEX quiz_questions_ws_idx;
DROP INDEX quiz_options_ws_idx;
DROP INDEX workflow_versions_workflow_idx;
DROP INDEX workflow_steps_version_idx;
DROP INDEX sessions_user_idx;
CREATE INDEX sessions_user_idx ON sessions (workspace_id, user_id);

-- 5. Foreign keys between tenant tables carry workspace_id. SET NULL names its column: workspace_id stays.
ALTER TABLE departments ADD CONSTRAINT departments_branch_id_fkey
  FOREIGN KEY (workspace_id, branch_id) REFERENCES branches (workspace_id, id) ON DELETE CASCADE;
ALTER TABLE users ADD CONSTRAINT users_branch_id_fkey
  FOREIGN KEY (workspace_id, branch_id) REFERENCES branches (workspace_id, id);
ALTER TABLE users ADD CONSTRAINT users_department_id_fkey
  FOREIGN KEY (workspace_id, department_id) REFERENCES departments (workspace_id, id) ON DELETE SET NULL (department_id);
ALTER TABLE sessions ADD CONSTRAINT sessions_user_id_fkey
  FOREIGN KEY (workspace_id, user_id) REFERENCES users (workspace_id, id) ON DELETE CASCADE;
ALTER TABLE import_jobs ADD CONSTRAINT import_jobs_created_by_fkey
  FOREIGN KEY (workspace_id, created_by) REFERENCES users (workspace_id, id) ON DELETE SET NULL (created_by);
ALTER TABLE invites ADD CONSTRAINT invites_user_id_fkey
  FOREIGN KEY (workspace_id, user_id) REFERENCES users (workspace_id, id) ON DELETE CASCADE;
ALTER TABLE import_job_batches ADD CONSTRAINT import_job_batches_job_id_fkey
  FOREIGN KEY (workspace_id, job_id) REFERENCES import_jobs (workspace_id, id) ON DELETE CASCADE;
ALTER TABLE course_languages ADD CONSTRAINT course_languages_workspace_id_course_id_fkey
  FOREIGN KEY (workspace_id, course_id) REFERENCES courses (workspace_id, id) ON DELETE CASCADE;
ALTER TABLE course_contents ADD CONSTRAINT course_contents_workspace_id_course_id_fkey
  FOREIGN KEY (workspace_id, course_id) REFERENCES courses (workspace_id, id) ON DELETE CASCADE;
ALTER TABLE course_content_titles ADD CONSTRAINT course_content_titles_workspace_id_content_id_fkey
  FOREIGN KEY (workspace_id, content_id) REFERENCES course_contents (workspace_id, id) ON DELETE CASCADE;
ALTER TABLE lesson_blocks ADD CONSTRAINT lesson_blocks_workspace_id_content_id_fkey
  FOREIGN KEY (workspace_id, content_id) REFERENCES course_contents (workspace_id, id) ON DELETE CASCADE;
ALTER TABLE quiz_questions ADD CONSTRAINT quiz_questions_workspace_id_content_id_fkey
  FOREIGN KEY (workspace_id, content_id) REFERENCES course_contents (workspace_id, id) ON DELETE CASCADE;
ALTER TABLE quiz_options ADD CONSTRAINT quiz_options_workspace_id_question_id_fkey
  FOREIGN KEY (workspace_id, question_id) REFERENCES quiz_questions (workspace_id, id) ON DELETE CASCADE;
ALTER TABLE course_assignments ADD CONSTRAINT course_assignments_workspace_id_course_id_fkey
  FOREIGN KEY (workspace_id, course_id) REFERENCES courses (workspace_id, id) ON DELETE CASCADE;
ALTER TABLE course_assignments ADD CONSTRAINT course_assignments_user_id_fkey
  FOREIGN KEY (workspace_id, user_id) REFERENCES users (workspace_id, id) ON DELETE CASCADE;
ALTER TABLE workflow_branches ADD CONSTRAINT workflow_branches_workspace_id_workflow_id_fkey
  FOREIGN KEY (workspace_id, workflow_id) REFERENCES workflows (workspace_id, id) ON DELETE CASCADE;
ALTER TABLE workflow_branches ADD CONSTRAINT workflow_branches_branch_id_fkey
  FOREIGN KEY (workspace_id, branch_id) REFERENCES branches (workspace_id, id) ON DELETE CASCADE;
ALTER TABLE workflow_versions ADD CONSTRAINT workflow_versions_workspace_id_workflow_id_fkey
  FOREIGN KEY (workspace_id, workflow_id) REFERENCES workflows (workspace_id, id) ON DELETE CASCADE;
ALTER TABLE workflow_versions ADD CONSTRAINT workflow_versions_copied_from_version_id_fkey
  FOREIGN KEY (workspace_id, copied_from_version_id) REFERENCES workflow_versions (workspace_id, id) ON DELETE SET NULL (copied_from_version_id);
ALTER TABLE workflow_steps ADD CONSTRAINT workflow_steps_workspace_id_version_id_fkey
  FOREIGN KEY (workspace_id, version_id) REFERENCES workflow_versions (workspace_id, id) ON DELETE CASCADE;
ALTER TABLE one_time_codes ADD CONSTRAINT one_time_codes_user_id_fkey
  FOREIGN KEY (workspace_id, user_id) REFERENCES users (workspace_id, id) ON DELETE CASCADE;
ALTER TABLE department_managers ADD CONSTRAINT department_managers_department_id_fkey
  FOREIGN KEY (workspace_id, department_id) REFERENCES departments (workspace_id, id) ON DELETE CASCADE;
ALTER TABLE department_managers ADD CONSTRAINT department_managers_user_id_fkey
  FOREIGN KEY (workspace_id, user_id) REFERENCES users (workspace_id, id) ON DELETE CASCADE;
ALTER TABLE user_identities ADD CONSTRAINT user_identities_user_id_fkey
  FOREIGN KEY (workspace_id, user_id) REFERENCES users (workspace_id, id) ON DELETE CASCADE;
ALTER TABLE email_confirmations ADD CONSTRAINT email_confirmations_user_id_fkey
  FOREIGN KEY (workspace_id, user_id) REFERENCES users (workspace_id, id) ON DELETE CASCADE;
ALTER TABLE profile_image_uploads ADD CONSTRAINT profile_image_uploads_user_id_fkey
  FOREIGN KEY (workspace_id, user_id) REFERENCES users (workspace_id, id) ON DELETE CASCADE;

-- 6. Row-level security on sessions too (the session lookup runs as the owner, as before; tenant transactions
-- that end a user's sessions now see only their workspace's). The main site's manual is read by every workspace.
ALTER TABLE sessions ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON sessions
  USING (workspace_id = nullif(current_setting('app.workspace_id', true), '')::uuid)
  WITH CHECK (workspace_id = nullif(current_setting('app.workspace_id', true), '')::uuid);
DROP POLICY shared_manual_read ON user_manuals;
CREATE POLICY shared_manual_read ON user_manuals FOR SELECT
  USING (workspace_id = '00000000-0000-0000-0000-000000000000');

-- 7. The cross-workspace lookups by address (main-site sign-in, "find your workspace") use lower(email) alone;
-- the (workspace_id, lower(email)) key cannot serve them.
CREATE INDEX users_email_lookup_idx ON users (lower(email));
