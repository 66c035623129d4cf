-- SCIM 2.0 provisioning (docs/integrations.md). The identity provider's own id for a person, the person's manager (the
-- enterprise extension's `manager`), and when the provider deleted them: a deleted person is deactivated and hidden from
-- SCIM, never removed, so their training and complaint records stay.
ALTER TABLE users ADD COLUMN scim_external_id text;
ALTER TABLE users ADD COLUMN manager_id uuid;
ALTER TABLE users ADD COLUMN scim_deleted_at timestamptz;
ALTER TABLE users
  ADD CONSTRAINT users_manager_fk FOREIGN KEY (workspace_id, manager_id) REFERENCES users (workspace_id, id)
  ON DELETE SET NULL (manager_id);
CREATE UNIQUE INDEX users_scim_external_id_uq ON users (workspace_id, scim_external_id) WHERE scim_external_id IS NOT NULL;

-- What a SCIM Group is in this workspace: its departments (the default) or its business units. The admin chooses.
ALTER TABLE workspaces ADD COLUMN scim_groups text NOT NULL DEFAULT 'DEPARTMENT'
  CHECK (scim_groups IN ('DEPARTMENT', 'BUSINESS_UNIT'));
