import type { MessageTemplate } from '../../../src/contracts/main/templates.contract';
import { TEMPLATE_SPECS, type TemplateKind } from '../../../src/domain/messages/message-template';
import type { Sql } from '../../platform/db/database';

interface TemplateRow {
  subject: string;
  body: string;
  updated_at: Date | string;
}

/** The workspace's own wording of a message, or null for the platform's default. For the senders. */
export async function workspaceWording(
  tx: Sql,
  workspaceId: string,
  kind: TemplateKind,
): Promise<{ subject: string; body: string } | null> {
  const [row] = await tx.query<TemplateRow>(
    'SELECT subject, body, updated_at FROM message_templates WHERE workspace_id = $1 AND kind = $2',
    [workspaceId, kind],
  );
  return row ? { subject: row.subject, body: row.body } : null;
}

export async function readTemplate(tx: Sql, workspaceId: string, kind: TemplateKind): Promise<MessageTemplate> {
  const [row] = await tx.query<TemplateRow>(
    'SELECT subject, body, updated_at FROM message_templates WHERE workspace_id = $1 AND kind = $2',
    [workspaceId, kind],
  );
  const spec = TEMPLATE_SPECS[kind];
  return {
    kind,
    subject: row?.subject ?? spec.defaultSubject,
    body: row?.body ?? spec.defaultBody,
    custom: Boolean(row),
    defaultSubject: spec.defaultSubject,
    defaultBody: spec.defaultBody,
    placeholders: Object.entries(spec.placeholders).map(([name, meaning]) => ({
      name,
      meaning,
      required: spec.required.includes(name),
    })),
    updatedAt: row ? new Date(row.updated_at).toISOString() : null,
  };
}

export async function saveTemplate(
  tx: Sql,
  workspaceId: string,
  kind: TemplateKind,
  wording: { subject: string; body: string },
  by: string,
): Promise<void> {
  await tx.query(
    `INSERT INTO message_templates (workspace_id, kind, subject, body, updated_by) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (workspace_id, kind) DO UPDATE SET subject = EXCLUDED.subject, body = EXCLUDED.body, updated_by = EXCLUDED.updated_by, updated_at = now()`,
    [workspaceId, kind, wording.subject, wording.body, by],
  );
}

/** Back to the default; answers whether there was a wording of the workspace's own. */
export async function removeTemplate(tx: Sql, workspaceId: string, kind: TemplateKind): Promise<boolean> {
  const rows = await tx.query('DELETE FROM message_templates WHERE workspace_id = $1 AND kind = $2 RETURNING kind', [
    workspaceId,
    kind,
  ]);
  return rows.length > 0;
}

/** The first name of a person of the workspace (the preview's sample person), or null. */
export async function firstNameOf(tx: Sql, workspaceId: string, userId: string): Promise<string | null> {
  const [row] = await tx.query<{ first_name: string }>(
    'SELECT first_name FROM users WHERE workspace_id = $1 AND id = $2',
    [workspaceId, userId],
  );
  return row?.first_name ?? null;
}
