-- Workspace settings (issues 3, 4, 5): password minimum and session time-outs per workspace, the workspace admins'
-- own edits of the sign-up allow-list, and the workspace's own wording of messages (the invitation so far).

-- Each setting may only be stricter than the platform's default (docs/organisation.md); the bounds say so.
ALTER TABLE workspaces ADD COLUMN min_password_length integer NOT NULL DEFAULT 15 CHECK (min_password_length BETWEEN 8 AND 64);
ALTER TABLE workspaces ADD COLUMN privileged_idle_minutes integer NOT NULL DEFAULT 60 CHECK (privileged_idle_minutes BETWEEN 5 AND 60);
ALTER TABLE workspaces ADD COLUMN privileged_session_hours integer NOT NULL DEFAULT 24 CHECK (privileged_session_hours BETWEEN 1 AND 24);
ALTER TABLE workspaces ADD COLUMN session_lifetime_days integer NOT NULL DEFAULT 120 CHECK (session_lifetime_days BETWEEN 1 AND 120);

-- Entries a workspace admin added (the platform admin's are in added_by_platform_admin).
ALTER TABLE signup_allow_list ADD COLUMN added_by_user uuid;

-- A workspace's wording of a message; no row means the platform's default. Plain text with {{placeholders}}.
CREATE TABLE message_templates (
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('INVITATION')),
  subject text NOT NULL CHECK (length(subject) BETWEEN 1 AND 200),
  body text NOT NULL CHECK (length(body) BETWEEN 1 AND 5000),
  updated_by uuid,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (workspace_id, kind)
);
ALTER TABLE message_templates ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON message_templates
  USING (workspace_id = nullif(current_setting('app.workspace_id', true), '')::uuid)
  WITH CHECK (workspace_id = nullif(current_setting('app.workspace_id', true), '')::uuid);
