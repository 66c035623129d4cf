import { courseLanguagesFor, type CourseLanguage } from '../../src/domain/courses/course';
import { defaultZoneOf } from '../../src/domain/shared/date-time';
import { MAIN_SITE_WORKSPACE_ID, type Sql } from './db/database';

/**
 * The languages of a workspace's people (docs/i18n.md): each person's own choice, else the workspace's default.
 * French is offered only in a Canadian workspace, which is the one whose complaints follow the Canada Labour Code.
 */

/** Whether the workspace is Canadian (its complaint regime is CA_FEDERAL). */
export async function isCanadian(tx: Sql, workspaceId: string): Promise<boolean> {
  const [row] = await tx.query<{ compliance: string }>(
    `SELECT compliance FROM complaint_settings WHERE workspace_id = $1`,
    [workspaceId],
  );
  return row?.compliance === 'CA_FEDERAL';
}

/** The languages the workspace's people and courses may use; the platform's catalogue serves every country, so all. */
export async function offeredLanguages(tx: Sql, workspaceId: string): Promise<CourseLanguage[]> {
  return courseLanguagesFor(workspaceId === MAIN_SITE_WORKSPACE_ID || (await isCanadian(tx, workspaceId)));
}

/** Each listed person's language: their choice, else the workspace's default. People of another workspace are absent. */
export async function languagesOf(
  tx: Sql,
  workspaceId: string,
  userIds: readonly string[],
): Promise<Map<string, CourseLanguage>> {
  if (!userIds.length) return new Map();
  const rows = await tx.query<{ id: string; language: CourseLanguage }>(
    `SELECT u.id, coalesce(u.language, w.default_language) AS language
       FROM users u JOIN workspaces w ON w.id = u.workspace_id
      WHERE u.workspace_id = $1 AND u.id = ANY($2::uuid[])`,
    [workspaceId, userIds],
  );
  return new Map(rows.map((r) => [r.id, r.language]));
}

/** The workspace's country and its time zone (its own, else its country's): how its mails write a moment. */
export async function workspaceZone(tx: Sql, workspaceId: string): Promise<{ country: 'IN' | 'CA'; timeZone: string }> {
  const country = (await isCanadian(tx, workspaceId)) ? 'CA' : 'IN';
  const [zone] = await tx.query<{ time_zone: string | null }>(`SELECT time_zone FROM workspaces WHERE id = $1`, [
    workspaceId,
  ]);
  return { country, timeZone: zone?.time_zone ?? defaultZoneOf(country) };
}

/**
 * A recipient's language (their choice, else the workspace's default), the workspace's country and its time zone,
 * for one mail.
 */
export async function recipientOf(
  tx: Sql,
  workspaceId: string,
  userId: string,
): Promise<{ language?: CourseLanguage; country: 'IN' | 'CA'; timeZone: string }> {
  const languages = await languagesOf(tx, workspaceId, [userId]);
  return { language: languages.get(userId), ...(await workspaceZone(tx, workspaceId)) };
}

/**
 * The language of whoever reads an address (a complaint's party is named by address): the account's choice when the
 * address is a person's of the workspace, else the workspace's default; and the workspace's country.
 */
export async function recipientByAddress(
  tx: Sql,
  workspaceId: string,
  email: string,
): Promise<{ language?: CourseLanguage; country: 'IN' | 'CA' }> {
  const [row] = await tx.query<{ language: CourseLanguage }>(
    `SELECT coalesce((SELECT u.language FROM users u WHERE u.workspace_id = w.id AND lower(u.email) = lower($2) LIMIT 1),
                     w.default_language) AS language
       FROM workspaces w WHERE w.id = $1`,
    [workspaceId, email],
  );
  return { language: row?.language, country: (await isCanadian(tx, workspaceId)) ? 'CA' : 'IN' };
}
