-- Per-workspace permission switches by role (docs/permissions.md). The catalogue and its defaults are code
-- (src/domain/auth/permissions.ts); a row is a workspace's change to a default. WORKSPACE_ADMIN's
-- permissions are fixed, so it has no rows.
CREATE TABLE role_permissions (
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  role text NOT NULL CHECK (role IN ('EMPLOYER', 'BRANCH_ADMIN', 'EMPLOYEE')),
  permission_key text NOT NULL,
  granted boolean NOT NULL,
  updated_by uuid,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (workspace_id, role, permission_key)
);

ALTER TABLE role_permissions ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON role_permissions
  USING (workspace_id = nullif(current_setting('app.workspace_id', true), '')::uuid)
  WITH CHECK (workspace_id = nullif(current_setting('app.workspace_id', true), '')::uuid);
