-- The platform admin's workspace console: per-workspace module switches, and lookups for the workspace list.
-- workspaces is a reference table (not tenant-owned): no workspace_id column, no row-level security.

-- The switched-off modules ('courses', 'concerned-authority', 'compliance'); empty means all allowed (spec 6).
ALTER TABLE workspaces ADD COLUMN disabled_modules text[] NOT NULL DEFAULT '{}';
ALTER TABLE workspaces ADD CONSTRAINT workspaces_disabled_modules_known
  CHECK (disabled_modules <@ ARRAY['courses', 'concerned-authority', 'compliance']::text[]);

-- The console lists workspaces by name and searches names and hosts.
CREATE INDEX workspaces_company_name_idx ON workspaces (lower(company_name), id);
