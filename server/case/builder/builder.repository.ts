import { randomUUID } from 'node:crypto';
import type {
  ActionSetting,
  AttributeRoles,
  EscalationSetting,
  FormAttribute,
  FormComponent,
  Prerequisite,
  WorkflowStage,
} from '../../../src/contracts/case/builder-schemas';
import type { WorkflowVersionDetail } from '../../../src/contracts/case/workflows.contract';
import {
  DEFAULT_ACTION_MAILS,
  DEFAULT_ATTRIBUTE_ROLES,
  STANDARD_ATTRIBUTES,
  STANDARD_COMPONENTS,
  type CaseRole,
  type Compliance,
  type EscalationType,
  type FieldType,
  type PrerequisiteKind,
  type StandardComponentKey,
} from '../../../src/domain/workflows/builder-rules';
import { ActionType } from '../../../src/domain/workflows/workflow-rules';
import type { Sql } from '../../platform/db/database';
import * as workflows from '../workflows/workflows.repository';
import { instantText } from '../../../src/domain/shared/date-time';

/** SQL of the builder's parts (migration 0022). Every function takes the workspace; every query carries `workspace_id = $1`. */

// ---------- the whole design of a version ----------

/** A version with its steps, stages, complaint form and action mails: what GET /workflow/version/{id} answers. */
export async function versionDesign(tx: Sql, ws: string, versionId: string): Promise<WorkflowVersionDetail | null> {
  const detail = await workflows.findVersionDetail(tx, ws, versionId);
  if (!detail) return null;
  await ensureStandardForm(tx, ws, versionId);
  return {
    ...detail,
    stages: await listStages(tx, ws, versionId),
    components: await listComponents(tx, ws, versionId),
    actionSettings: await listActionSettings(tx, ws, versionId),
  };
}

/**
 * Copies everything a version holds besides its steps (copied by workflows.repository.copySteps, in the same
 * positions) under new ids: stages (and each copied step's stage), prerequisites, the form, who sees each field,
 * the action mails.
 */
export async function copyDesign(tx: Sql, ws: string, from: string, to: string): Promise<void> {
  const stageMap = new Map<string, string>();
  for (const s of await tx.query<{ id: string; name: string; description: string; position: number }>(
    `SELECT id, name, description, position FROM workflow_stages WHERE workspace_id = $1 AND version_id = $2`,
    [ws, from],
  )) {
    const id = randomUUID();
    stageMap.set(s.id, id);
    await tx.query(
      `INSERT INTO workflow_stages (workspace_id, id, version_id, name, description, position) VALUES ($1, $2, $3, $4, $5, $6)`,
      [ws, id, to, s.name, s.description, s.position],
    );
  }
  if (stageMap.size > 0) {
    await tx.query(
      `UPDATE workflow_steps n SET stage_id = m.new_id
         FROM workflow_steps o
         JOIN unnest($4::uuid[], $5::uuid[]) AS m(old_id, new_id) ON m.old_id = o.stage_id
        WHERE n.workspace_id = $1 AND n.version_id = $3 AND o.workspace_id = $1 AND o.version_id = $2 AND o.position = n.position`,
      [ws, from, to, [...stageMap.keys()], [...stageMap.values()]],
    );
  }
  await tx.query(
    `INSERT INTO workflow_prerequisites (workspace_id, version_id, kind, label, description, reference_id, position)
     SELECT workspace_id, $3, kind, label, description, reference_id, position
       FROM workflow_prerequisites WHERE workspace_id = $1 AND version_id = $2`,
    [ws, from, to],
  );
  const attributeMap = new Map<string, string>();
  for (const c of await tx.query<{
    id: string;
    title: string;
    description: string;
    position: number;
    system_key: string | null;
  }>(
    `SELECT id, title, description, position, system_key FROM workflow_form_components WHERE workspace_id = $1 AND version_id = $2`,
    [ws, from],
  )) {
    const componentId = randomUUID();
    await tx.query(
      `INSERT INTO workflow_form_components (workspace_id, id, version_id, title, description, position, system_key) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [ws, componentId, to, c.title, c.description, c.position, c.system_key],
    );
    const attrs = await tx.query<{ id: string }>(
      `SELECT id FROM workflow_form_attributes WHERE workspace_id = $1 AND component_id = $2`,
      [ws, c.id],
    );
    const newIds = attrs.map(() => randomUUID());
    attrs.forEach((a, i) => attributeMap.set(a.id, newIds[i]));
    await tx.query(
      `INSERT INTO workflow_form_attributes (workspace_id, id, version_id, component_id, label, field_type, required, help_text, options, position,
                                             system_key, resource_file_id, resource_file_name)
       SELECT a.workspace_id, m.new_id, $3, $4, a.label, a.field_type, a.required, a.help_text, a.options, a.position,
              a.system_key, a.resource_file_id, a.resource_file_name
         FROM workflow_form_attributes a JOIN unnest($5::uuid[], $6::uuid[]) AS m(old_id, new_id) ON m.old_id = a.id
        WHERE a.workspace_id = $1 AND a.component_id = $2`,
      [ws, c.id, to, componentId, attrs.map((a) => a.id), newIds],
    );
  }
  if (attributeMap.size > 0) {
    await tx.query(
      `INSERT INTO workflow_attribute_roles (workspace_id, version_id, compliance, attribute_id, roles)
       SELECT r.workspace_id, $3, r.compliance, m.new_id, r.roles
         FROM workflow_attribute_roles r JOIN unnest($4::uuid[], $5::uuid[]) AS m(old_id, new_id) ON m.old_id = r.attribute_id
        WHERE r.workspace_id = $1 AND r.version_id = $2`,
      [ws, from, to, [...attributeMap.keys()], [...attributeMap.values()]],
    );
  }
  await tx.query(
    `INSERT INTO workflow_action_settings (workspace_id, version_id, action_type, mail_subject, mail_body, include_complaint_copy)
     SELECT workspace_id, $3, action_type, mail_subject, mail_body, include_complaint_copy
       FROM workflow_action_settings WHERE workspace_id = $1 AND version_id = $2`,
    [ws, from, to],
  );
}

// ---------- steps ----------

/** Renumbers a version's steps 1..n in the given order (through positions above any in use, so the unique key holds). */
export async function reorderSteps(
  tx: Sql,
  ws: string,
  versionId: string,
  orderedIds: readonly string[],
): Promise<void> {
  await tx.query(`UPDATE workflow_steps SET position = position + 100000 WHERE workspace_id = $1 AND version_id = $2`, [
    ws,
    versionId,
  ]);
  await tx.query(
    `UPDATE workflow_steps s SET position = o.n, updated_at = now()
       FROM unnest($3::uuid[]) WITH ORDINALITY AS o(id, n)
      WHERE s.workspace_id = $1 AND s.version_id = $2 AND s.id = o.id`,
    [ws, versionId, [...orderedIds]],
  );
}

export async function updateStepSetting(
  tx: Sql,
  ws: string,
  stepId: string,
  s: { ownerRole: string | null; timeLimit: object | null; stageId: string | null },
): Promise<void> {
  await tx.query(
    `UPDATE workflow_steps SET owner_role = $3, time_limit = $4::jsonb, stage_id = $5, updated_at = now() WHERE workspace_id = $1 AND id = $2`,
    [ws, stepId, s.ownerRole, s.timeLimit === null ? null : JSON.stringify(s.timeLimit), s.stageId],
  );
}

export async function updateStepSettingsJson(
  tx: Sql,
  ws: string,
  stepId: string,
  settings: workflows.StepSettings,
): Promise<void> {
  await tx.query(
    `UPDATE workflow_steps SET settings = $3::jsonb, updated_at = now() WHERE workspace_id = $1 AND id = $2`,
    [ws, stepId, JSON.stringify(settings)],
  );
}

// ---------- stages ----------

interface StageRow {
  id: string;
  version_id: string;
  name: string;
  description: string;
  step_ids: string[] | null;
}

export async function listStages(tx: Sql, ws: string, versionId: string): Promise<WorkflowStage[]> {
  const rows = await tx.query<StageRow>(
    `SELECT g.id, g.version_id, g.name, g.description,
            ARRAY(SELECT s.id FROM workflow_steps s WHERE s.workspace_id = g.workspace_id AND s.stage_id = g.id ORDER BY s.position) AS step_ids
       FROM workflow_stages g WHERE g.workspace_id = $1 AND g.version_id = $2 ORDER BY g.position, g.created_at`,
    [ws, versionId],
  );
  return rows.map((r, i) => ({
    stageId: r.id,
    workflowVersionId: r.version_id,
    name: r.name,
    description: r.description,
    position: i + 1,
    stepIdList: r.step_ids ?? [],
  }));
}

export async function findStage(
  tx: Sql,
  ws: string,
  stageId: string,
): Promise<{ id: string; version_id: string } | null> {
  const [row] = await tx.query<{ id: string; version_id: string }>(
    `SELECT id, version_id FROM workflow_stages WHERE workspace_id = $1 AND id = $2`,
    [ws, stageId],
  );
  return row ?? null;
}

export async function insertStage(
  tx: Sql,
  ws: string,
  versionId: string,
  name: string,
  description: string,
): Promise<string> {
  const [row] = await tx.query<{ id: string }>(
    `INSERT INTO workflow_stages (workspace_id, version_id, name, description, position)
     SELECT $1, $2, $3, $4, COALESCE(max(position), 0) + 1 FROM workflow_stages WHERE workspace_id = $1 AND version_id = $2
     RETURNING id`,
    [ws, versionId, name, description],
  );
  return row.id;
}

export async function deleteStage(tx: Sql, ws: string, stageId: string): Promise<void> {
  await tx.query(`UPDATE workflow_steps SET stage_id = NULL WHERE workspace_id = $1 AND stage_id = $2`, [ws, stageId]);
  await tx.query(`DELETE FROM workflow_stages WHERE workspace_id = $1 AND id = $2`, [ws, stageId]);
}

// ---------- prerequisites ----------

interface PrerequisiteRow {
  id: string;
  kind: PrerequisiteKind;
  label: string;
  description: string;
  reference_id: string | null;
}

export async function listPrerequisites(tx: Sql, ws: string, versionId: string): Promise<Prerequisite[]> {
  const rows = await tx.query<PrerequisiteRow>(
    `SELECT id, kind, label, description, reference_id FROM workflow_prerequisites
      WHERE workspace_id = $1 AND version_id = $2 ORDER BY position, id`,
    [ws, versionId],
  );
  return rows.map((r, i) => ({
    prerequisiteId: r.id,
    kind: r.kind,
    label: r.label,
    description: r.description,
    referenceId: r.reference_id,
    position: i + 1,
  }));
}

export async function insertPrerequisites(
  tx: Sql,
  ws: string,
  versionId: string,
  items: readonly { kind: string; label: string; description: string; referenceId: string | null }[],
): Promise<void> {
  await tx.query(
    `INSERT INTO workflow_prerequisites (workspace_id, version_id, kind, label, description, reference_id, position)
     SELECT $1, $2, i.kind, i.label, i.description, i.reference_id,
            (SELECT COALESCE(max(position), 0) FROM workflow_prerequisites WHERE workspace_id = $1 AND version_id = $2) + i.n
       FROM unnest($3::text[], $4::text[], $5::text[], $6::text[]) WITH ORDINALITY AS i(kind, label, description, reference_id, n)`,
    [
      ws,
      versionId,
      items.map((i) => i.kind),
      items.map((i) => i.label),
      items.map((i) => i.description),
      items.map((i) => i.referenceId),
    ],
  );
}

export async function updatePrerequisite(
  tx: Sql,
  ws: string,
  id: string,
  p: { kind: string; label: string; description: string; referenceId: string | null },
): Promise<void> {
  await tx.query(
    `UPDATE workflow_prerequisites SET kind = $3, label = $4, description = $5, reference_id = $6 WHERE workspace_id = $1 AND id = $2`,
    [ws, id, p.kind, p.label, p.description, p.referenceId],
  );
}

export async function deletePrerequisites(
  tx: Sql,
  ws: string,
  versionId: string,
  ids: readonly string[],
): Promise<void> {
  await tx.query(
    `DELETE FROM workflow_prerequisites WHERE workspace_id = $1 AND version_id = $2 AND id = ANY($3::uuid[])`,
    [ws, versionId, [...ids]],
  );
}

// ---------- the complaint form ----------

/** Adds the spec's parts and fields (builder-rules STANDARD_*) to a version that does not have them yet. Idempotent. */
export async function ensureStandardForm(tx: Sql, ws: string, versionId: string): Promise<void> {
  const [has] = await tx.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM workflow_form_components WHERE workspace_id = $1 AND version_id = $2 AND system_key IS NOT NULL`,
    [ws, versionId],
  );
  if (has.n >= STANDARD_COMPONENTS.length) return;
  await tx.query(
    `INSERT INTO workflow_form_components (workspace_id, version_id, title, description, position, system_key)
     SELECT $1, $2, c.title, c.description, c.n, c.key
       FROM unnest($3::text[], $4::text[], $5::text[]) WITH ORDINALITY AS c(key, title, description, n)
     ON CONFLICT (workspace_id, version_id, system_key) DO NOTHING`,
    [
      ws,
      versionId,
      STANDARD_COMPONENTS.map((c) => c.key),
      STANDARD_COMPONENTS.map((c) => c.title),
      STANDARD_COMPONENTS.map((c) => c.description),
    ],
  );
  await tx.query(
    `INSERT INTO workflow_form_attributes (workspace_id, version_id, component_id, label, field_type, required, position, system_key)
     SELECT $1, $2, c.id, a.label, a.field_type, a.required, a.n, a.key
       FROM unnest($3::text[], $4::text[], $5::text[], $6::text[], $7::boolean[]) WITH ORDINALITY AS a(key, component, label, field_type, required, n)
       JOIN workflow_form_components c ON c.workspace_id = $1 AND c.version_id = $2 AND c.system_key = a.component
     ON CONFLICT (workspace_id, version_id, system_key) DO NOTHING`,
    [
      ws,
      versionId,
      STANDARD_ATTRIBUTES.map((a) => a.key),
      STANDARD_ATTRIBUTES.map((a) => a.component),
      STANDARD_ATTRIBUTES.map((a) => a.label),
      STANDARD_ATTRIBUTES.map((a) => a.fieldType),
      STANDARD_ATTRIBUTES.map((a) => a.required),
    ],
  );
}

interface ComponentRow {
  id: string;
  version_id: string;
  title: string;
  description: string;
  system_key: StandardComponentKey | null;
}

export interface AttributeRow {
  id: string;
  version_id: string;
  component_id: string;
  label: string;
  field_type: FieldType;
  required: boolean;
  help_text: string;
  options: string[];
  system_key: string | null;
  resource_file_id: string | null;
  resource_file_name: string | null;
}

const ATTRIBUTE_COLUMNS = `id, version_id, component_id, label, field_type, required, help_text, options, system_key, resource_file_id, resource_file_name`;

function toAttribute(r: AttributeRow, position: number): FormAttribute {
  return {
    attributeId: r.id,
    componentId: r.component_id,
    label: r.label,
    fieldType: r.field_type,
    required: r.required,
    helpText: r.help_text,
    options: r.options ?? [],
    position,
    systemKey: r.system_key,
    resourceFileId: r.resource_file_id,
    resourceFileName: r.resource_file_name,
  };
}

export async function listComponents(tx: Sql, ws: string, versionId: string): Promise<FormComponent[]> {
  const components = await tx.query<ComponentRow>(
    `SELECT id, version_id, title, description, system_key FROM workflow_form_components
      WHERE workspace_id = $1 AND version_id = $2 ORDER BY position, id`,
    [ws, versionId],
  );
  const attributes = await tx.query<AttributeRow>(
    `SELECT ${ATTRIBUTE_COLUMNS} FROM workflow_form_attributes WHERE workspace_id = $1 AND version_id = $2 ORDER BY position, id`,
    [ws, versionId],
  );
  return components.map((c, i) => ({
    componentId: c.id,
    workflowVersionId: c.version_id,
    title: c.title,
    description: c.description,
    position: i + 1,
    systemKey: c.system_key,
    attributes: attributes.filter((a) => a.component_id === c.id).map((a, j) => toAttribute(a, j + 1)),
  }));
}

export async function findComponent(
  tx: Sql,
  ws: string,
  componentId: string,
): Promise<(ComponentRow & { version_id: string }) | null> {
  const [row] = await tx.query<ComponentRow>(
    `SELECT id, version_id, title, description, system_key FROM workflow_form_components WHERE workspace_id = $1 AND id = $2`,
    [ws, componentId],
  );
  return row ?? null;
}

export async function componentOf(tx: Sql, ws: string, versionId: string, componentId: string): Promise<FormComponent> {
  return (await listComponents(tx, ws, versionId)).find((c) => c.componentId === componentId)!;
}

export async function insertComponent(
  tx: Sql,
  ws: string,
  versionId: string,
  title: string,
  description: string,
): Promise<string> {
  const [row] = await tx.query<{ id: string }>(
    `INSERT INTO workflow_form_components (workspace_id, version_id, title, description, position)
     SELECT $1, $2, $3, $4, COALESCE(max(position), 0) + 1 FROM workflow_form_components WHERE workspace_id = $1 AND version_id = $2
     RETURNING id`,
    [ws, versionId, title, description],
  );
  return row.id;
}

export async function updateComponent(
  tx: Sql,
  ws: string,
  id: string,
  c: { title: string; description: string },
): Promise<void> {
  await tx.query(
    `UPDATE workflow_form_components SET title = $3, description = $4 WHERE workspace_id = $1 AND id = $2`,
    [ws, id, c.title, c.description],
  );
}

export async function deleteComponent(tx: Sql, ws: string, id: string): Promise<void> {
  await tx.query(`DELETE FROM workflow_form_components WHERE workspace_id = $1 AND id = $2`, [ws, id]);
}

/** Renumbers rows of one table 1..n in the given order (components of a version, attributes of a component). */
export async function renumber(
  tx: Sql,
  ws: string,
  table: 'workflow_form_components' | 'workflow_form_attributes',
  orderedIds: readonly string[],
): Promise<void> {
  await tx.query(
    `UPDATE ${table} t SET position = o.n FROM unnest($2::uuid[]) WITH ORDINALITY AS o(id, n) WHERE t.workspace_id = $1 AND t.id = o.id`,
    [ws, [...orderedIds]],
  );
}

export async function findAttribute(tx: Sql, ws: string, id: string): Promise<AttributeRow | null> {
  const [row] = await tx.query<AttributeRow>(
    `SELECT ${ATTRIBUTE_COLUMNS} FROM workflow_form_attributes WHERE workspace_id = $1 AND id = $2`,
    [ws, id],
  );
  return row ?? null;
}

export async function attributeOf(tx: Sql, ws: string, versionId: string, id: string): Promise<FormAttribute> {
  const components = await listComponents(tx, ws, versionId);
  return components.flatMap((c) => c.attributes).find((a) => a.attributeId === id)!;
}

export async function insertAttribute(
  tx: Sql,
  ws: string,
  a: {
    versionId: string;
    componentId: string;
    label: string;
    fieldType: FieldType;
    required: boolean;
    helpText: string;
    options: string[];
  },
): Promise<string> {
  const [row] = await tx.query<{ id: string }>(
    `INSERT INTO workflow_form_attributes (workspace_id, version_id, component_id, label, field_type, required, help_text, options, position)
     SELECT $1, $2, $3, $4, $5, $6, $7, $8::jsonb, COALESCE(max(position), 0) + 1
       FROM workflow_form_attributes WHERE workspace_id = $1 AND component_id = $3
     RETURNING id`,
    [ws, a.versionId, a.componentId, a.label, a.fieldType, a.required, a.helpText, JSON.stringify(a.options)],
  );
  return row.id;
}

export async function updateAttribute(
  tx: Sql,
  ws: string,
  id: string,
  a: {
    componentId: string;
    label: string;
    fieldType: FieldType;
    required: boolean;
    helpText: string;
    options: readonly string[];
    moved: boolean;
  },
): Promise<void> {
  await tx.query(
    `UPDATE workflow_form_attributes
        SET component_id = $3, label = $4, field_type = $5, required = $6, help_text = $7, options = $8::jsonb,
            position = CASE WHEN $9 THEN (SELECT COALESCE(max(position), 0) + 1 FROM workflow_form_attributes
                                           WHERE workspace_id = $1 AND component_id = $3) ELSE position END
      WHERE workspace_id = $1 AND id = $2`,
    [ws, id, a.componentId, a.label, a.fieldType, a.required, a.helpText, JSON.stringify(a.options), a.moved],
  );
}

export async function setAttributeResource(
  tx: Sql,
  ws: string,
  id: string,
  fileId: string,
  fileName: string | null,
): Promise<void> {
  await tx.query(
    `UPDATE workflow_form_attributes SET resource_file_id = $3, resource_file_name = $4 WHERE workspace_id = $1 AND id = $2`,
    [ws, id, fileId, fileName],
  );
}

export async function deleteAttribute(tx: Sql, ws: string, id: string): Promise<void> {
  await tx.query(`DELETE FROM workflow_form_attributes WHERE workspace_id = $1 AND id = $2`, [ws, id]);
}

// ---------- who sees each field ----------

export async function attributeRoles(
  tx: Sql,
  ws: string,
  versionId: string,
  compliance: Compliance,
): Promise<AttributeRoles> {
  const rows = await tx.query<{ id: string; label: string; title: string; roles: CaseRole[] | null }>(
    `SELECT a.id, a.label, c.title, r.roles
       FROM workflow_form_attributes a
       JOIN workflow_form_components c ON c.workspace_id = a.workspace_id AND c.id = a.component_id
       LEFT JOIN workflow_attribute_roles r ON r.workspace_id = a.workspace_id AND r.attribute_id = a.id AND r.compliance = $3
      WHERE a.workspace_id = $1 AND a.version_id = $2
      ORDER BY c.position, c.id, a.position, a.id`,
    [ws, versionId, compliance],
  );
  return {
    workflowVersionId: versionId,
    complianceId: compliance,
    attributes: rows.map((r) => ({
      attributeId: r.id,
      componentTitle: r.title,
      label: r.label,
      roles: r.roles ?? [...DEFAULT_ATTRIBUTE_ROLES],
      customised: r.roles !== null,
    })),
  };
}

export async function saveAttributeRoles(
  tx: Sql,
  ws: string,
  versionId: string,
  compliance: Compliance,
  attributeId: string,
  roles: readonly CaseRole[],
): Promise<void> {
  await tx.query(
    `INSERT INTO workflow_attribute_roles (workspace_id, version_id, compliance, attribute_id, roles) VALUES ($1, $2, $3, $4, $5::text[])
     ON CONFLICT (workspace_id, version_id, compliance, attribute_id) DO UPDATE SET roles = EXCLUDED.roles`,
    [ws, versionId, compliance, attributeId, [...roles]],
  );
}

// ---------- action mails ----------

export async function listActionSettings(tx: Sql, ws: string, versionId: string): Promise<ActionSetting[]> {
  const rows = await tx.query<{
    action_type: ActionType;
    mail_subject: string;
    mail_body: string;
    cc_removed_count: number;
    include_complaint_copy: boolean;
  }>(
    `SELECT action_type, mail_subject, mail_body, cc_removed_count, include_complaint_copy FROM workflow_action_settings
      WHERE workspace_id = $1 AND version_id = $2`,
    [ws, versionId],
  );
  return ActionType.options.map((type) => {
    const saved = rows.find((r) => r.action_type === type);
    return saved
      ? {
          actionType: type,
          mailSubject: saved.mail_subject,
          mailBody: saved.mail_body,
          ccEmailList: [],
          includeComplaintCopy: saved.include_complaint_copy,
          customised: true,
          removedCcCount: Number(saved.cc_removed_count),
        }
      : {
          actionType: type,
          ...DEFAULT_ACTION_MAILS[type],
          ccEmailList: [],
          includeComplaintCopy: type === 'INFORM_RESPONDENT',
          customised: false,
          removedCcCount: 0,
        };
  });
}

export async function saveActionSetting(
  tx: Sql,
  ws: string,
  versionId: string,
  s: { actionType: ActionType; mailSubject: string; mailBody: string; includeComplaintCopy: boolean },
): Promise<void> {
  // No free addresses (migration 0053): who receives a case's mail is decided on the case, by the member completing
  // the step (ComplaintService.stepRecipients).
  await tx.query(
    `INSERT INTO workflow_action_settings (workspace_id, version_id, action_type, mail_subject, mail_body, include_complaint_copy)
     VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (workspace_id, version_id, action_type) DO UPDATE
       SET mail_subject = EXCLUDED.mail_subject, mail_body = EXCLUDED.mail_body, include_complaint_copy = EXCLUDED.include_complaint_copy, updated_at = now()`,
    [ws, versionId, s.actionType, s.mailSubject, s.mailBody, s.includeComplaintCopy],
  );
}

// ---------- escalation ----------

interface EscalationRow {
  id: string;
  workspace_id: string;
  branch_id: string | null;
  escalation_type: EscalationType;
  first_threshold_days: number;
  second_threshold_days: number | null;
  target_user_id: string;
  enabled: boolean;
  created_at: Date;
  updated_at: Date;
}

const toEscalation = (r: EscalationRow): EscalationSetting => ({
  id: r.id,
  workspaceId: r.workspace_id,
  branchId: r.branch_id,
  escalationType: r.escalation_type,
  firstThresholdDate: r.first_threshold_days,
  secondThresholdDate: r.second_threshold_days,
  targetId: r.target_user_id,
  enabled: r.enabled,
  createdAt: instantText(r.created_at),
  updatedAt: instantText(r.updated_at),
});

export async function listEscalations(tx: Sql, ws: string, branchId: string | undefined): Promise<EscalationSetting[]> {
  const rows = await tx.query<EscalationRow>(
    `SELECT * FROM escalation_settings WHERE workspace_id = $1 AND ($2::uuid IS NULL OR branch_id = $2)
      ORDER BY branch_id NULLS FIRST, escalation_type`,
    [ws, branchId ?? null],
  );
  return rows.map(toEscalation);
}

export async function findEscalation(tx: Sql, ws: string, id: string): Promise<EscalationSetting | null> {
  const [row] = await tx.query<EscalationRow>(`SELECT * FROM escalation_settings WHERE workspace_id = $1 AND id = $2`, [
    ws,
    id,
  ]);
  return row ? toEscalation(row) : null;
}

export async function saveEscalation(
  tx: Sql,
  ws: string,
  s: {
    id?: string;
    branchId: string | null;
    escalationType: EscalationType;
    firstThresholdDate: number;
    secondThresholdDate: number | null;
    targetId: string;
    enabled: boolean;
  },
): Promise<EscalationSetting> {
  const values = [ws, s.branchId, s.escalationType, s.firstThresholdDate, s.secondThresholdDate, s.targetId, s.enabled];
  const [row] = s.id
    ? await tx.query<EscalationRow>(
        `UPDATE escalation_settings SET branch_id = $2, escalation_type = $3, first_threshold_days = $4, second_threshold_days = $5,
                target_user_id = $6, enabled = $7, updated_at = now()
          WHERE workspace_id = $1 AND id = $8 RETURNING *`,
        [...values, s.id],
      )
    : await tx.query<EscalationRow>(
        `INSERT INTO escalation_settings (workspace_id, branch_id, escalation_type, first_threshold_days, second_threshold_days, target_user_id, enabled)
         VALUES ($1, $2, $3, $4, $5, $6, $7)
         ON CONFLICT (workspace_id, COALESCE(branch_id, '00000000-0000-0000-0000-000000000000'::uuid), escalation_type) DO UPDATE
           SET first_threshold_days = EXCLUDED.first_threshold_days, second_threshold_days = EXCLUDED.second_threshold_days,
               target_user_id = EXCLUDED.target_user_id, enabled = EXCLUDED.enabled, updated_at = now()
         RETURNING *`,
        values,
      );
  return toEscalation(row);
}

export async function userInWorkspace(tx: Sql, ws: string, userId: string): Promise<boolean> {
  const rows = await tx.query(`SELECT 1 FROM users WHERE workspace_id = $1 AND id = $2`, [ws, userId]);
  return rows.length === 1;
}

/**
 * The declared name of a file this workspace uploaded and the store confirmed (the uploads calls of the learning API,
 * over the same database); null for another workspace's id, or one never confirmed.
 */
export async function confirmedFileName(tx: Sql, ws: string, fileId: string): Promise<string | null> {
  const [file] = await tx.query<{ declared_name: string }>(
    `SELECT declared_name FROM files WHERE workspace_id = $1 AND id::text = $2 AND status = 'CONFIRMED'`,
    [ws, fileId],
  );
  return file?.declared_name ?? null;
}
