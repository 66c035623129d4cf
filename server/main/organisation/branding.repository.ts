import type { CourseLanguage } from '../../../src/domain/courses/course';
import type { Sql } from '../../platform/db/database';
import { POLICY_COLUMNS, type policyFromRow } from '../../platform/workspace-policy';

// `workspaces` is a reference table the tenant role may not write (migration 0085): its writers run in the owner's
// transaction (`db.system`), every statement naming the workspace.

export async function setColour(tx: Sql, workspaceId: string, colour: string): Promise<void> {
  await tx.query(`UPDATE workspaces SET background_color = $2 WHERE id = $1`, [workspaceId, colour]);
}

/** The workspace's logo becomes this picture, served at `url`. */
export async function saveLogo(
  tx: Sql,
  workspaceId: string,
  logo: { contentType: string; bytes: Uint8Array; sha256: string; uploadedBy: string },
  url: string,
): Promise<void> {
  await tx.query(
    `INSERT INTO workspace_logos (workspace_id, content_type, bytes, sha256, uploaded_by) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (workspace_id) DO UPDATE SET content_type = EXCLUDED.content_type, bytes = EXCLUDED.bytes,
       sha256 = EXCLUDED.sha256, uploaded_by = EXCLUDED.uploaded_by, uploaded_at = now()`,
    [workspaceId, logo.contentType, logo.bytes, logo.sha256, logo.uploadedBy],
  );
  await tx.query(`UPDATE workspaces SET company_logo = $2 WHERE id = $1`, [workspaceId, url]);
}

export async function deleteLogo(tx: Sql, workspaceId: string): Promise<void> {
  await tx.query(`DELETE FROM workspace_logos WHERE workspace_id = $1`, [workspaceId]);
  await tx.query(`UPDATE workspaces SET company_logo = NULL WHERE id = $1`, [workspaceId]);
}

export async function logoOf(
  tx: Sql,
  workspaceId: string,
): Promise<{ content_type: string; bytes: Uint8Array; sha256: string } | null> {
  const [logo] = await tx.query<{ content_type: string; bytes: Uint8Array; sha256: string }>(
    `SELECT content_type, bytes, sha256 FROM workspace_logos WHERE workspace_id = $1`,
    [workspaceId],
  );
  return logo ?? null;
}

export async function defaultLanguageOf(tx: Sql, workspaceId: string): Promise<CourseLanguage | null> {
  const [row] = await tx.query<{ default_language: CourseLanguage }>(
    `SELECT default_language FROM workspaces WHERE id = $1`,
    [workspaceId],
  );
  return row?.default_language ?? null;
}

export type SettingsRow = Parameters<typeof policyFromRow>[0] & {
  bulk_signup_enabled: boolean;
  social_platforms: string[];
  default_language: CourseLanguage;
};
const SETTINGS_COLUMNS = `bulk_signup_enabled, social_platforms, default_language, ${POLICY_COLUMNS}`;

export async function settingsForUpdate(tx: Sql, workspaceId: string): Promise<SettingsRow> {
  const [before] = await tx.query<SettingsRow>(`SELECT ${SETTINGS_COLUMNS} FROM workspaces WHERE id = $1 FOR UPDATE`, [
    workspaceId,
  ]);
  return before;
}

/** Each setting given (not null) replaces the stored one; answers the settings as they are now. */
export async function updateSettings(
  tx: Sql,
  workspaceId: string,
  s: {
    bulkSignUpEnabled: boolean | null;
    methods: string[] | null;
    minPasswordLength: number | null;
    privilegedIdleMinutes: number | null;
    privilegedSessionHours: number | null;
    sessionLifetimeDays: number | null;
    inviteValidDays: number | null;
    defaultLanguage: CourseLanguage | null;
  },
): Promise<SettingsRow> {
  const [row] = await tx.query<SettingsRow>(
    `UPDATE workspaces SET bulk_signup_enabled = coalesce($2, bulk_signup_enabled), social_platforms = coalesce($3::text[], social_platforms),
            min_password_length = coalesce($4, min_password_length), privileged_idle_minutes = coalesce($5, privileged_idle_minutes),
            privileged_session_hours = coalesce($6, privileged_session_hours), session_lifetime_days = coalesce($7, session_lifetime_days),
            invite_valid_days = coalesce($8, invite_valid_days), default_language = coalesce($9, default_language)
      WHERE id = $1 RETURNING ${SETTINGS_COLUMNS}`,
    [
      workspaceId,
      s.bulkSignUpEnabled,
      s.methods,
      s.minPasswordLength,
      s.privilegedIdleMinutes,
      s.privilegedSessionHours,
      s.sessionLifetimeDays,
      s.inviteValidDays,
      s.defaultLanguage,
    ],
  );
  return row;
}
