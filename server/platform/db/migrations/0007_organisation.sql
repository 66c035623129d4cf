-- Workspace administration: department managers and the workspace logo.

-- Who manages a department, and as what (docs/organisation.md). A person holds one manager role per department.
CREATE TABLE department_managers (
  workspace_id uuid NOT NULL,
  department_id uuid NOT NULL REFERENCES departments (id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  role text NOT NULL CHECK (role IN ('HEAD', 'MANAGER')),
  appointed_by uuid,
  appointed_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (workspace_id, department_id, user_id)
);
CREATE INDEX department_managers_user_idx ON department_managers (workspace_id, user_id);

-- The logo is kept in the database (it is small: at most 512 KB) so every process serves it from the same origin.
CREATE TABLE workspace_logos (
  workspace_id uuid PRIMARY KEY REFERENCES workspaces (id) ON DELETE CASCADE,
  content_type text NOT NULL CHECK (content_type IN ('image/png', 'image/jpeg', 'image/webp')),
  bytes bytea NOT NULL,
  sha256 text NOT NULL,
  uploaded_by uuid,
  uploaded_at timestamptz NOT NULL DEFAULT now()
);

-- Deleting users from a department must never fail on a department row still referenced by users:
-- the delete-department call clears users.department_id first; this keeps any other path safe.
ALTER TABLE users DROP CONSTRAINT IF EXISTS users_department_id_fkey;
ALTER TABLE users ADD CONSTRAINT users_department_id_fkey FOREIGN KEY (department_id) REFERENCES departments (id) ON DELETE SET NULL;

-- Audit reads by category (admin actions are dotted lower-case names, e.g. branch.created).
CREATE INDEX audit_events_ws_action_idx ON audit_events (workspace_id, action, at DESC);

ALTER TABLE department_managers ENABLE ROW LEVEL SECURITY;
ALTER TABLE workspace_logos ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON department_managers
  USING (workspace_id = nullif(current_setting('app.workspace_id', true), '')::uuid)
  WITH CHECK (workspace_id = nullif(current_setting('app.workspace_id', true), '')::uuid);
CREATE POLICY tenant_isolation ON workspace_logos
  USING (workspace_id = nullif(current_setting('app.workspace_id', true), '')::uuid)
  WITH CHECK (workspace_id = nullif(current_setting('app.workspace_id', true), '')::uuid);
