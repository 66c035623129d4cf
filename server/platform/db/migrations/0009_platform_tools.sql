-- The platform admin's tools: the user manual and the sign-up email allow-list.

-- The user manual: Markdown text or a PDF, for one workspace (workspace_id) or for all (workspace_id null).
-- A workspace's own manual wins over the all-workspaces one. Publishing replaces the manual of that scope.
-- The PDF is kept in the row (at most 10 MB, checked by the server): it is replaced in the same transaction
-- as its metadata and needs no file store. file_token is the random capability in the download URL, new on
-- every publish (a browser navigation cannot carry the bearer token).
CREATE TABLE user_manuals (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  workspace_id uuid REFERENCES workspaces (id) ON DELETE CASCADE,
  format text NOT NULL CHECK (format IN ('MARKDOWN', 'PDF')),
  markdown text,
  pdf bytea,
  file_name text,
  byte_size integer NOT NULL,
  file_token text NOT NULL UNIQUE,
  published_by uuid,
  published_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((format = 'MARKDOWN' AND markdown IS NOT NULL AND pdf IS NULL) OR (format = 'PDF' AND pdf IS NOT NULL AND markdown IS NULL))
);
CREATE UNIQUE INDEX user_manuals_one_per_workspace ON user_manuals (workspace_id) WHERE workspace_id IS NOT NULL;
CREATE UNIQUE INDEX user_manuals_one_for_all ON user_manuals ((true)) WHERE workspace_id IS NULL;

-- Who may sign up to a workspace (the sign-up feature checks it: isAllowedToSignUp in
-- server/main/platform-tools/allow-list.repository.ts). An entry is one address or a whole domain ("@acme.com").
CREATE TABLE signup_allow_list (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  entry text NOT NULL CHECK (entry = lower(entry)),
  kind text NOT NULL CHECK (kind IN ('EMAIL', 'DOMAIN')),
  added_by_platform_admin uuid,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX signup_allow_list_entry_uq ON signup_allow_list (workspace_id, entry);
CREATE INDEX signup_allow_list_ws_created_idx ON signup_allow_list (workspace_id, created_at DESC);

ALTER TABLE user_manuals ENABLE ROW LEVEL SECURITY;
ALTER TABLE signup_allow_list ENABLE ROW LEVEL SECURITY;
-- A workspace reads its own manual and the all-workspaces one; it writes only its own rows.
CREATE POLICY tenant_isolation ON user_manuals
  USING (workspace_id = nullif(current_setting('app.workspace_id', true), '')::uuid)
  WITH CHECK (workspace_id = nullif(current_setting('app.workspace_id', true), '')::uuid);
CREATE POLICY shared_manual_read ON user_manuals FOR SELECT
  USING (workspace_id IS NULL);
CREATE POLICY tenant_isolation ON signup_allow_list
  USING (workspace_id = nullif(current_setting('app.workspace_id', true), '')::uuid)
  WITH CHECK (workspace_id = nullif(current_setting('app.workspace_id', true), '')::uuid);
