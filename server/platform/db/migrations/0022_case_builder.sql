-- The workflow builder, complete (issue 13, docs/case.md): stages, step owners and time limits, prerequisites, the
-- complaint form (parts and fields), who sees each field, action mails and escalation settings.
-- Tenant keys as everywhere (0016): primary keys (workspace_id, id), unique indexes and foreign keys carry workspace_id,
-- row-level security with the same policy.

CREATE TABLE workflow_stages (
  workspace_id uuid NOT NULL,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  version_id uuid NOT NULL,
  name text NOT NULL,
  description text NOT NULL DEFAULT '',
  position integer NOT NULL CHECK (position > 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (workspace_id, id),
  FOREIGN KEY (workspace_id, version_id) REFERENCES workflow_versions (workspace_id, id) ON DELETE CASCADE
);
CREATE INDEX workflow_stages_version_idx ON workflow_stages (workspace_id, version_id, position);

-- A step's owner, time limit ({"kind":"DAYS","days":n,"workingDays":b} or {"kind":"STATUTORY","clockId":...}) and stage.
ALTER TABLE workflow_steps ADD COLUMN owner_role text
  CHECK (owner_role IN ('PRESIDING_OFFICER', 'COMMITTEE_MEMBER', 'EMPLOYER', 'WORKSPACE_ADMIN'));
ALTER TABLE workflow_steps ADD COLUMN time_limit jsonb;
ALTER TABLE workflow_steps ADD COLUMN stage_id uuid;
ALTER TABLE workflow_steps ADD CONSTRAINT workflow_steps_stage_fkey
  FOREIGN KEY (workspace_id, stage_id) REFERENCES workflow_stages (workspace_id, id) ON DELETE SET NULL (stage_id);

CREATE TABLE workflow_prerequisites (
  workspace_id uuid NOT NULL,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  version_id uuid NOT NULL,
  kind text NOT NULL CHECK (kind IN ('COMMITTEE_CONSTITUTED', 'POLICY_PUBLISHED', 'TRAINING_COMPLETED', 'DOCUMENT', 'OTHER')),
  label text NOT NULL,
  description text NOT NULL DEFAULT '',
  reference_id text,
  position integer NOT NULL,
  PRIMARY KEY (workspace_id, id),
  FOREIGN KEY (workspace_id, version_id) REFERENCES workflow_versions (workspace_id, id) ON DELETE CASCADE
);
CREATE INDEX workflow_prerequisites_version_idx ON workflow_prerequisites (workspace_id, version_id, position);

-- The complaint form of a version: parts (components) holding fields (attributes). system_key marks the spec's own
-- (src/domain/workflows/builder-rules.ts), which the server adds to a version the first time its form is read or
-- written, so versions made before this migration get them too.
CREATE TABLE workflow_form_components (
  workspace_id uuid NOT NULL,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  version_id uuid NOT NULL,
  title text NOT NULL,
  description text NOT NULL DEFAULT '',
  position integer NOT NULL,
  system_key text CHECK (system_key IN ('COMPLAINANT', 'RESPONDENT', 'INCIDENT')),
  PRIMARY KEY (workspace_id, id),
  FOREIGN KEY (workspace_id, version_id) REFERENCES workflow_versions (workspace_id, id) ON DELETE CASCADE
);
CREATE UNIQUE INDEX workflow_form_components_system ON workflow_form_components (workspace_id, version_id, system_key);

CREATE TABLE workflow_form_attributes (
  workspace_id uuid NOT NULL,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  version_id uuid NOT NULL,
  component_id uuid NOT NULL,
  label text NOT NULL,
  field_type text NOT NULL,
  required boolean NOT NULL DEFAULT false,
  help_text text NOT NULL DEFAULT '',
  options jsonb NOT NULL DEFAULT '[]'::jsonb,
  position integer NOT NULL,
  system_key text,
  -- A file attached to the field (guidance, a template to fill): the id the file store answered (docs/case.md).
  resource_file_id text,
  resource_file_name text,
  PRIMARY KEY (workspace_id, id),
  FOREIGN KEY (workspace_id, version_id) REFERENCES workflow_versions (workspace_id, id) ON DELETE CASCADE,
  FOREIGN KEY (workspace_id, component_id) REFERENCES workflow_form_components (workspace_id, id) ON DELETE CASCADE
);
CREATE INDEX workflow_form_attributes_component_idx ON workflow_form_attributes (workspace_id, component_id, position);
CREATE UNIQUE INDEX workflow_form_attributes_system ON workflow_form_attributes (workspace_id, version_id, system_key);

-- Who sees a field on a case, per statutory regime. No row: the default (committee and complainant).
CREATE TABLE workflow_attribute_roles (
  workspace_id uuid NOT NULL,
  version_id uuid NOT NULL,
  compliance text NOT NULL CHECK (compliance IN ('IN_POSH', 'CA_FEDERAL')),
  attribute_id uuid NOT NULL,
  roles text[] NOT NULL,
  PRIMARY KEY (workspace_id, version_id, compliance, attribute_id),
  FOREIGN KEY (workspace_id, version_id) REFERENCES workflow_versions (workspace_id, id) ON DELETE CASCADE,
  FOREIGN KEY (workspace_id, attribute_id) REFERENCES workflow_form_attributes (workspace_id, id) ON DELETE CASCADE
);

-- The mail each action type sends on a case of this version.
CREATE TABLE workflow_action_settings (
  workspace_id uuid NOT NULL,
  version_id uuid NOT NULL,
  action_type text NOT NULL CHECK (action_type IN ('NOTIFY', 'TRANSFER_COMPLAINT', 'INFORM_RESPONDENT', 'INFORM_EMPLOYER')),
  mail_subject text NOT NULL,
  mail_body text NOT NULL,
  cc_emails text[] NOT NULL DEFAULT '{}',
  include_complaint_copy boolean NOT NULL DEFAULT false,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (workspace_id, version_id, action_type),
  FOREIGN KEY (workspace_id, version_id) REFERENCES workflow_versions (workspace_id, id) ON DELETE CASCADE
);

-- Escalation per business unit (branch_id NULL: the whole workspace). Thresholds are days (docs/case.md).
CREATE TABLE escalation_settings (
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  branch_id uuid,
  escalation_type text NOT NULL CHECK (escalation_type IN ('STEP_OVERDUE', 'STATUTORY_CLOCK')),
  first_threshold_days integer NOT NULL CHECK (first_threshold_days >= 0),
  second_threshold_days integer CHECK (second_threshold_days > first_threshold_days),
  target_user_id uuid NOT NULL,
  enabled boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (workspace_id, id),
  FOREIGN KEY (workspace_id, branch_id) REFERENCES branches (workspace_id, id) ON DELETE CASCADE,
  FOREIGN KEY (workspace_id, target_user_id) REFERENCES users (workspace_id, id) ON DELETE CASCADE
);
CREATE UNIQUE INDEX escalation_settings_one_per_unit
  ON escalation_settings (workspace_id, COALESCE(branch_id, '00000000-0000-0000-0000-000000000000'::uuid), escalation_type);

ALTER TABLE workflow_stages ENABLE ROW LEVEL SECURITY;
ALTER TABLE workflow_prerequisites ENABLE ROW LEVEL SECURITY;
ALTER TABLE workflow_form_components ENABLE ROW LEVEL SECURITY;
ALTER TABLE workflow_form_attributes ENABLE ROW LEVEL SECURITY;
ALTER TABLE workflow_attribute_roles ENABLE ROW LEVEL SECURITY;
ALTER TABLE workflow_action_settings ENABLE ROW LEVEL SECURITY;
ALTER TABLE escalation_settings ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON workflow_stages
  USING (workspace_id = nullif(current_setting('app.workspace_id', true), '')::uuid)
  WITH CHECK (workspace_id = nullif(current_setting('app.workspace_id', true), '')::uuid);
CREATE POLICY tenant_isolation ON workflow_prerequisites
  USING (workspace_id = nullif(current_setting('app.workspace_id', true), '')::uuid)
  WITH CHECK (workspace_id = nullif(current_setting('app.workspace_id', true), '')::uuid);
CREATE POLICY tenant_isolation ON workflow_form_components
  USING (workspace_id = nullif(current_setting('app.workspace_id', true), '')::uuid)
  WITH CHECK (workspace_id = nullif(current_setting('app.workspace_id', true), '')::uuid);
CREATE POLICY tenant_isolation ON workflow_form_attributes
  USING (workspace_id = nullif(current_setting('app.workspace_id', true), '')::uuid)
  WITH CHECK (workspace_id = nullif(current_setting('app.workspace_id', true), '')::uuid);
CREATE POLICY tenant_isolation ON workflow_attribute_roles
  USING (workspace_id = nullif(current_setting('app.workspace_id', true), '')::uuid)
  WITH CHECK (workspace_id = nullif(current_setting('app.workspace_id', true), '')::uuid);
CREATE POLICY tenant_isolation ON workflow_action_settings
  USING (workspace_id = nullif(current_setting('app.workspace_id', true), '')::uuid)
  WITH CHECK (workspace_id = nullif(current_setting('app.workspace_id', true), '')::uuid);
CREATE POLICY tenant_isolation ON escalation_settings
  USING (workspace_id = nullif(current_setting('app.workspace_id', true), '')::uuid)
  WITH CHECK (workspace_id = nullif(current_setting('app.workspace_id', true), '')::uuid);
