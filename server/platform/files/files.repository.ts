import type { CourseLanguage } from '../../../src/domain/courses/course';
import type { UploadPurpose } from '../../../src/domain/files/uploads';
import type { Sql } from '../db/database';

/** One row of `files` (migration 0021). */
export interface FileRow {
  id: string;
  owner_id: string;
  purpose: UploadPurpose;
  declared_name: string;
  declared_size: string | number;
  storage_key: string;
  size: string | number | null;
  detected_type: string | null;
  language: CourseLanguage | null;
  status: 'PENDING' | 'CONFIRMED';
  replaces_file_id: string | null;
  cover_of_course_id: string | null;
  created_at: Date | string;
}

const COLUMNS = `id, owner_id, purpose, declared_name, declared_size, storage_key, size, detected_type, language, status,
  replaces_file_id, cover_of_course_id, created_at`;

export async function insertPending(
  tx: Sql,
  workspaceId: string,
  file: {
    ownerId: string;
    purpose: UploadPurpose;
    name: string;
    size: number;
    key: string;
    replaces?: string | null;
    coverOf?: string | null;
  },
): Promise<string> {
  const [row] = await tx.query<{ id: string }>(
    `INSERT INTO files (workspace_id, owner_id, purpose, declared_name, declared_size, storage_key, replaces_file_id, cover_of_course_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
    [
      workspaceId,
      file.ownerId,
      file.purpose,
      file.name,
      file.size,
      file.key,
      file.replaces ?? null,
      file.coverOf ?? null,
    ],
  );
  return row.id;
}

export async function findFile(tx: Sql, workspaceId: string, id: string): Promise<FileRow | null> {
  const [row] = await tx.query<FileRow>(`SELECT ${COLUMNS} FROM files WHERE workspace_id = $1 AND id = $2`, [
    workspaceId,
    id,
  ]);
  return row ?? null;
}

/** Confirms a pending file; null when it was no longer pending (another confirm won, or it was refused). */
export async function markConfirmed(
  tx: Sql,
  workspaceId: string,
  id: string,
  found: { size: number; type: string; language: CourseLanguage | null },
): Promise<FileRow | null> {
  const [row] = await tx.query<FileRow>(
    `UPDATE files SET status = 'CONFIRMED', size = $3, detected_type = $4, language = $5, confirmed_at = now()
      WHERE workspace_id = $1 AND id = $2 AND status = 'PENDING'
      RETURNING ${COLUMNS}`,
    [workspaceId, id, found.size, found.type, found.language],
  );
  return row ?? null;
}

/** Forgets a pending file's row (its bytes are removed by the caller). */
export async function deletePending(tx: Sql, workspaceId: string, id: string): Promise<boolean> {
  const rows = await tx.query(
    `DELETE FROM files WHERE workspace_id = $1 AND id = $2 AND status = 'PENDING' RETURNING id`,
    [workspaceId, id],
  );
  return rows.length > 0;
}

/** Deletes the rows of uploads never confirmed within `hours`, returning their keys so the bytes go too. */
export async function sweepPending(tx: Sql, workspaceId: string, hours: number): Promise<string[]> {
  const rows = await tx.query<{ storage_key: string }>(
    `DELETE FROM files
      WHERE workspace_id = $1 AND status = 'PENDING' AND created_at < now() - make_interval(hours => $2::int)
      RETURNING storage_key`,
    [workspaceId, hours],
  );
  return rows.map((r) => r.storage_key);
}

export async function courseExists(tx: Sql, workspaceId: string, courseId: string): Promise<boolean> {
  const rows = await tx.query(`SELECT 1 FROM courses WHERE workspace_id = $1 AND id = $2`, [workspaceId, courseId]);
  return rows.length > 0;
}

/** Makes a confirmed image course `courseId`'s cover (courses.cover_file_id). */
export async function setCover(
  tx: Sql,
  workspaceId: string,
  courseId: string,
  fileId: string,
  userId: string,
): Promise<void> {
  await tx.query(
    `UPDATE courses SET cover_file_id = $3, updated_by = $4, updated_at = now() WHERE workspace_id = $1 AND id = $2`,
    [workspaceId, courseId, fileId, userId],
  );
}

/** The cover image's file of a course, or null. */
export async function coverOf(tx: Sql, workspaceId: string, courseId: string): Promise<FileRow | null> {
  const [row] = await tx.query<FileRow>(
    `SELECT ${COLUMNS.split(',')
      .map((c) => `f.${c.trim()}`)
      .join(', ')}
       FROM courses c JOIN files f ON f.workspace_id = c.workspace_id AND f.id = c.cover_file_id
      WHERE c.workspace_id = $1 AND c.id = $2`,
    [workspaceId, courseId],
  );
  return row ?? null;
}

/** The confirmed files of this workspace among `ids` (a block may name only these). */
export async function confirmedFiles(tx: Sql, workspaceId: string, ids: readonly string[]): Promise<FileRow[]> {
  if (ids.length === 0) return [];
  return tx.query<FileRow>(
    `SELECT ${COLUMNS} FROM files WHERE workspace_id = $1 AND id = ANY($2::uuid[]) AND status = 'CONFIRMED'`,
    [workspaceId, [...ids]],
  );
}

/**
 * The confirmed files a course shows: its cover, and the files its blocks name (a video, its captions in every
 * language, an image, a resource), for the author's previews. Ids are compared as text: a block's JSON is never cast.
 */
export async function courseFiles(tx: Sql, workspaceId: string, courseId: string): Promise<FileRow[]> {
  return tx.query<FileRow>(
    `WITH blocks AS (
       SELECT b.type, b.block
         FROM lesson_blocks b
         JOIN course_contents c ON c.workspace_id = b.workspace_id AND c.id = b.content_id
        WHERE c.workspace_id = $1 AND c.course_id = $2 AND b.type IN ('IMAGE', 'VIDEO', 'UPLOAD_RESOURCE')
     ), refs AS (
       SELECT cover_file_id::text AS id FROM courses WHERE workspace_id = $1 AND id = $2 AND cover_file_id IS NOT NULL
       UNION SELECT block->>'fileId' FROM blocks WHERE block ? 'fileId'
       UNION SELECT t.value->>'captionsFileId' FROM blocks, jsonb_each(block->'texts') t
        WHERE type = 'VIDEO' AND jsonb_typeof(t.value) = 'object' AND t.value ? 'captionsFileId'
     )
     SELECT ${COLUMNS} FROM files
      WHERE workspace_id = $1 AND status = 'CONFIRMED' AND id::text IN (SELECT id FROM refs)
      ORDER BY created_at, id`,
    [workspaceId, courseId],
  );
}
