-- Case-management API: the redressal workflow builder (workflows, their versions and the versions' steps).
-- Every row carries workspace_id (the Citus distribution key) and is guarded by row-level security.
-- Children reference their parent together with workspace_id, so a row can never point across workspaces.

CREATE TABLE workflows (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  name text NOT NULL,
  description text NOT NULL DEFAULT '',
  default_to_workspace boolean NOT NULL DEFAULT false,
  created_by uuid,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (workspace_id, id)
);
CREATE INDEX workflows_name_idx ON workflows (workspace_id, lower(name));

-- The business units a workflow applies to.
CREATE TABLE workflow_branches (
  workspace_id uuid NOT NULL,
  workflow_id uuid NOT NULL,
  branch_id uuid NOT NULL REFERENCES branches (id) ON DELETE CASCADE,
  PRIMARY KEY (workspace_id, workflow_id, branch_id),
  FOREIGN KEY (workspace_id, workflow_id) REFERENCES workflows (workspace_id, id) ON DELETE CASCADE
);

CREATE TABLE workflow_versions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  workspace_id uuid NOT NULL,
  workflow_id uuid NOT NULL,
  version_number integer NOT NULL CHECK (version_number > 0),
  name text NOT NULL,
  description text NOT NULL DEFAULT '',
  status text NOT NULL DEFAULT 'DRAFT' CHECK (status IN ('DRAFT', 'PUBLISHED', 'ARCHIVED')),
  branch_ids uuid[] NOT NULL DEFAULT '{}',
  default_to_workspace boolean NOT NULL DEFAULT false,
  copied_from_version_id uuid REFERENCES workflow_versions (id) ON DELETE SET NULL,
  created_by uuid,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  published_at timestamptz,
  published_by uuid,
  UNIQUE (workspace_id, id),
  UNIQUE (workflow_id, version_number),
  FOREIGN KEY (workspace_id, workflow_id) REFERENCES workflows (workspace_id, id) ON DELETE CASCADE,
  CHECK ((status = 'DRAFT') = (published_at IS NULL))
);
-- The last wall behind the publish lock: at most one PUBLISHED version per workflow.
CREATE UNIQUE INDEX workflow_versions_one_published ON workflow_versions (workflow_id) WHERE status = 'PUBLISHED';
CREATE INDEX workflow_versions_workflow_idx ON workflow_versions (workspace_id, workflow_id, version_number DESC);

CREATE TABLE workflow_steps (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  workspace_id uuid NOT NULL,
  version_id uuid NOT NULL,
  position integer NOT NULL CHECK (position > 0),
  kind text NOT NULL CHECK (kind IN ('MEETING', 'ACTION')),
  name text NOT NULL,
  description text NOT NULL DEFAULT '',
  -- MEETING: {"meetingFields": [{"key", "label", "required"}]}; ACTION: {"actionTypes": [...], "party": null|"RESPONDENT"|"EMPLOYER"}
  settings jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (version_id, position),
  FOREIGN KEY (workspace_id, version_id) REFERENCES workflow_versions (workspace_id, id) ON DELETE CASCADE
);
CREATE INDEX workflow_steps_version_idx ON workflow_steps (workspace_id, version_id, position);

ALTER TABLE workflows ENABLE ROW LEVEL SECURITY;
ALTER TABLE workflow_branches ENABLE ROW LEVEL SECURITY;
ALTER TABLE workflow_versions ENABLE ROW LEVEL SECURITY;
ALTER TABLE workflow_steps ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON workflows
  USING (workspace_id = nullif(current_setting('app.workspace_id', true), '')::uuid)
  WITH CHECK (workspace_id = nullif(current_setting('app.workspace_id', true), '')::uuid);
CREATE POLICY tenant_isolation ON workflow_branches
  USING (workspace_id = nullif(current_setting('app.workspace_id', true), '')::uuid)
  WITH CHECK (workspace_id = nullif(current_setting('app.workspace_id', true), '')::uuid);
CREATE POLICY tenant_isolation ON workflow_versions
  USING (workspace_id = nullif(current_setting('app.workspace_id', true), '')::uuid)
  WITH CHECK (workspace_id = nullif(current_setting('app.workspace_id', true), '')::uuid);
CREATE POLICY tenant_isolation ON workflow_steps
  USING (workspace_id = nullif(current_setting('app.workspace_id', true), '')::uuid)
  WITH CHECK (workspace_id = nullif(current_setting('app.workspace_id', true), '')::uuid);
