-- Core of the main API: workspaces, business units, departments, users, sessions, flags, audit.
-- Every tenant-owned table carries workspace_id (the distribution key for a Citus scale-out, docs/data.md)
-- and is guarded by row-level security against app.workspace_id, set per transaction by the server.

CREATE TABLE workspaces (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  slug text NOT NULL UNIQUE,
  workspace_url text NOT NULL UNIQUE,
  company_name text NOT NULL,
  company_logo text,
  background_color text,
  bulk_signup_enabled boolean NOT NULL DEFAULT false,
  social_platforms text[] NOT NULL DEFAULT '{}',
  user_limit integer,
  contract_expires_on date,
  active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE platform_admins (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  email text NOT NULL UNIQUE,
  password_hash text NOT NULL,
  first_name text NOT NULL,
  last_name text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE branches (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  name text NOT NULL,
  headquarter boolean NOT NULL DEFAULT false,
  background_color text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX branches_name_uq ON branches (workspace_id, lower(name));
CREATE UNIQUE INDEX branches_one_headquarter ON branches (workspace_id) WHERE headquarter;

CREATE TABLE departments (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  branch_id uuid NOT NULL REFERENCES branches (id) ON DELETE CASCADE,
  name text NOT NULL,
  created_by uuid,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX departments_name_uq ON departments (workspace_id, branch_id, lower(name));

CREATE TABLE users (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  email text NOT NULL,
  username text,
  password_hash text,
  first_name text NOT NULL DEFAULT '',
  last_name text NOT NULL DEFAULT '',
  employee_id text,
  gender text,
  designation text,
  branch_id uuid REFERENCES branches (id),
  department_id uuid REFERENCES departments (id),
  role text NOT NULL CHECK (role IN ('EMPLOYEE', 'WORKSPACE_ADMIN', 'BRANCH_ADMIN', 'EMPLOYER')),
  home_address text,
  phone_number text,
  date_of_joining date,
  status text NOT NULL DEFAULT 'ACTIVE' CHECK (status IN ('INVITED', 'ACTIVE', 'INACTIVE')),
  first_login boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX users_email_uq ON users (workspace_id, lower(email));
CREATE UNIQUE INDEX users_username_uq ON users (workspace_id, lower(username)) WHERE username IS NOT NULL;
CREATE INDEX users_branch_idx ON users (workspace_id, branch_id);
CREATE INDEX users_department_idx ON users (workspace_id, department_id);
CREATE INDEX users_name_idx ON users (workspace_id, lower(first_name), lower(last_name));

-- Sessions: opaque bearer tokens stored as SHA-256 hashes. workspace_id is null for main-site sessions.
CREATE TABLE sessions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  token_hash text NOT NULL UNIQUE,
  workspace_id uuid REFERENCES workspaces (id) ON DELETE CASCADE,
  user_id uuid REFERENCES users (id) ON DELETE CASCADE,
  platform_admin_id uuid REFERENCES platform_admins (id) ON DELETE CASCADE,
  account_email text,
  ip text,
  user_agent text,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz
);
CREATE INDEX sessions_user_idx ON sessions (user_id);

CREATE TABLE feature_flags (
  key text PRIMARY KEY,
  value text NOT NULL DEFAULT 'on',
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE feature_flag_workspaces (
  flag_key text NOT NULL REFERENCES feature_flags (key) ON DELETE CASCADE,
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  PRIMARY KEY (flag_key, workspace_id)
);

CREATE TABLE audit_events (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  workspace_id uuid REFERENCES workspaces (id) ON DELETE CASCADE,
  actor_user_id uuid,
  actor_platform_admin_id uuid,
  action text NOT NULL,
  target text,
  ip text,
  details jsonb NOT NULL DEFAULT '{}'::jsonb,
  at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX audit_events_ws_idx ON audit_events (workspace_id, at DESC);

ALTER TABLE branches ENABLE ROW LEVEL SECURITY;
ALTER TABLE departments ENABLE ROW LEVEL SECURITY;
ALTER TABLE users ENABLE ROW LEVEL SECURITY;
ALTER TABLE audit_events ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON branches
  USING (workspace_id = nullif(current_setting('app.workspace_id', true), '')::uuid)
  WITH CHECK (workspace_id = nullif(current_setting('app.workspace_id', true), '')::uuid);
CREATE POLICY tenant_isolation ON departments
  USING (workspace_id = nullif(current_setting('app.workspace_id', true), '')::uuid)
  WITH CHECK (workspace_id = nullif(current_setting('app.workspace_id', true), '')::uuid);
CREATE POLICY tenant_isolation ON users
  USING (workspace_id = nullif(current_setting('app.workspace_id', true), '')::uuid)
  WITH CHECK (workspace_id = nullif(current_setting('app.workspace_id', true), '')::uuid);
CREATE POLICY tenant_isolation ON audit_events
  USING (workspace_id = nullif(current_setting('app.workspace_id', true), '')::uuid)
  WITH CHECK (workspace_id = nullif(current_setting('app.workspace_id', true), '')::uuid);
