import type { CourseLanguage } from '../../../src/domain/courses/course';
import {
  checkType,
  detectType,
  officeType,
  zipDirectory,
  zipEntryNames,
  ZIP_TAIL_BYTES,
  type DetectedType,
} from '../../../src/domain/files/file-types';
import { sizeProblem, type UploadLimits, type UploadPurpose } from '../../../src/domain/files/uploads';
import type { CourseFileLinks, StoredFile, UploadTicket } from '../../../src/contracts/learning/uploads.contract';
import { audit } from '../../platform/audit';
import type { Database } from '../../platform/db/database';
import { ok, refuse, type Outcome, type Refusal } from '../../platform/refusal';
import type { DirectFileUrls } from '../../platform/signed-files';
import * as files from '../../platform/files/files.repository';
import { instantText } from '../../../src/domain/shared/date-time';
import { systemClock } from '../../platform/clock';
import type { Acting } from '../../platform/actor';

/** How long an upload URL may be started (a large video on a slow line starts at once, but the author may dawdle). */
const UPLOAD_SECONDS = 60 * 60;
/** How long a download link handed out lasts. */
const DOWNLOAD_SECONDS = 60 * 60;
/** Uploads never confirmed are forgotten, with their bytes, after this many hours. */
const PENDING_HOURS = 24;
/** A zip whose directory is larger than this is no office document we take. */
const MAX_ZIP_DIRECTORY = 4 * 1024 * 1024;

export const tooLarge = (message: string): Refusal => refuse('too-large', 'FILE_TOO_LARGE', message, { file: message });
export const wrongType = (message: string): Refusal =>
  refuse('unsupported-type', 'FILE_TYPE_REFUSED', message, { file: message });
const noSuch = (what: string) => refuse('not-found', 'NOT_FOUND', what);

/**
 * Course files: hands out upload URLs for files whose record waits PENDING, and confirms (or refuses) a file by its
 * own bytes once the browser has put it. The store is the `DirectFileUrls` port: the embedded folder or S3.
 */
export class CourseFiles {
  constructor(
    private readonly db: Database,
    private readonly urls: DirectFileUrls,
    private readonly limits: UploadLimits,
  ) {}

  /** A new upload for a purpose (413 when the declared size is over its limit). */
  async issue(
    actor: Acting<'workspaceId' | 'userId' | 'ip'>,
    upload: { purpose: UploadPurpose; fileName: string; size: number; replaces?: string; coverOf?: string },
  ): Promise<Outcome<UploadTicket>> {
    const problem = sizeProblem(upload.purpose, upload.size, this.limits);
    if (problem) return tooLarge(problem);
    const maxBytes = this.limits[upload.purpose];
    const ticket = await this.urls.uploadUrl(actor.workspaceId, upload.fileName, {
      maxBytes,
      seconds: UPLOAD_SECONDS,
      size: upload.size,
    });
    const { fileId, stale } = await this.db.tenant(actor.workspaceId, async (tx) => {
      const stale = await files.sweepPending(tx, actor.workspaceId, PENDING_HOURS);
      const fileId = await files.insertPending(tx, actor.workspaceId, {
        ownerId: actor.userId,
        purpose: upload.purpose,
        name: upload.fileName,
        size: upload.size,
        key: ticket.key,
        replaces: upload.replaces,
        coverOf: upload.coverOf,
      });
      await audit(tx, {
        workspaceId: actor.workspaceId,
        actorUserId: actor.userId,
        action: 'file.upload-started',
        target: fileId,
        ip: actor.ip,
        details: {
          purpose: upload.purpose,
          fileName: upload.fileName,
          size: upload.size,
          ...(upload.coverOf ? { courseId: upload.coverOf } : {}),
        },
      });
      return { fileId, stale };
    });
    await Promise.all(stale.map((key) => this.urls.remove(actor.workspaceId, key)));
    return ok({
      fileId,
      uploadUrl: ticket.url,
      method: 'PUT',
      headers: ticket.headers,
      expiresAt: ticket.expiresAt,
      maxBytes,
    });
  }

  /** A replacement of a file of this workspace: the same purpose. */
  async issueReplacement(
    actor: Acting<'workspaceId' | 'userId' | 'ip'>,
    upload: { fileId: string; fileName: string; size: number },
  ): Promise<Outcome<UploadTicket>> {
    const old = await this.db.tenant(actor.workspaceId, (tx) => files.findFile(tx, actor.workspaceId, upload.fileId));
    if (!old || old.status !== 'CONFIRMED') return noSuch('No such file');
    return this.issue(actor, { purpose: old.purpose, fileName: upload.fileName, size: upload.size, replaces: old.id });
  }

  /** An image that becomes the course's cover once confirmed. */
  async issueCover(
    actor: Acting<'workspaceId' | 'userId' | 'ip'>,
    courseId: string,
    upload: { fileName: string; size: number },
  ): Promise<Outcome<UploadTicket>> {
    const exists = await this.db.tenant(actor.workspaceId, (tx) => files.courseExists(tx, actor.workspaceId, courseId));
    if (!exists) return noSuch('Course not found');
    return this.issue(actor, { purpose: 'IMAGE', fileName: upload.fileName, size: upload.size, coverOf: courseId });
  }

  /**
   * Measures the stored file and reads its type from its bytes; records it, or deletes it (bytes and row) with 413 or
   * 415. Confirming a confirmed file answers it again. The store is read outside any transaction.
   */
  async confirm(
    actor: Acting<'workspaceId' | 'userId' | 'ip'>,
    fileId: string,
    language: CourseLanguage | null,
  ): Promise<Outcome<StoredFile>> {
    const ws = actor.workspaceId;
    const row = await this.db.tenant(ws, (tx) => files.findFile(tx, ws, fileId));
    if (!row) return noSuch('No such file');
    if (row.status === 'CONFIRMED') return ok(await this.describe(ws, row));

    const stored = await this.urls.stat(ws, row.storage_key);
    if (!stored)
      return refuse(
        'conflict',
        'NOT_UPLOADED',
        'Nothing has been uploaded with this link yet: upload the file, then confirm.',
      );
    const limit = this.limits[row.purpose];
    if (stored.size > limit) {
      return this.discard(actor, row, tooLarge(`The file is larger than the ${limit} bytes allowed.`));
    }
    const type = await this.typeOf(ws, row.storage_key, stored.size);
    const check = checkType(row.purpose, type);
    if (!check.ok) return this.discard(actor, row, wrongType(check.message));

    const confirmed = await this.db.tenant(ws, async (tx) => {
      const done = await files.markConfirmed(tx, ws, fileId, { size: stored.size, type: type!, language });
      if (!done) return null;
      await audit(tx, {
        workspaceId: ws,
        actorUserId: actor.userId,
        action: 'file.uploaded',
        target: fileId,
        ip: actor.ip,
        details: { purpose: row.purpose, fileName: row.declared_name, size: stored.size, type, language },
      });
      if (done.cover_of_course_id) {
        await files.setCover(tx, ws, done.cover_of_course_id, fileId, actor.userId);
        await audit(tx, {
          workspaceId: ws,
          actorUserId: actor.userId,
          action: 'course.cover-set',
          target: done.cover_of_course_id,
          ip: actor.ip,
          details: { fileId, fileName: row.declared_name },
        });
      }
      return done;
    });
    if (confirmed) return ok(await this.describe(ws, confirmed));
    // Another confirm of the same file finished first.
    const again = await this.db.tenant(ws, (tx) => files.findFile(tx, ws, fileId));
    if (!again || again.status !== 'CONFIRMED') return noSuch('No such file');
    return ok(await this.describe(ws, again));
  }

  /**
   * Signed links to every file a course shows (its cover, its blocks' files in every language), for the author's
   * builder and previews: links expire, so the builder asks again on each visit and never stores them. Another
   * workspace's course is a 404, as everywhere.
   */
  async courseLinks(
    actor: Acting<'workspaceId' | 'userId' | 'ip'>,
    courseId: string,
  ): Promise<Outcome<CourseFileLinks>> {
    const ws = actor.workspaceId;
    const rows = await this.db.tenant(ws, async (tx) => {
      if (!(await files.courseExists(tx, ws, courseId))) return null;
      return files.courseFiles(tx, ws, courseId);
    });
    if (!rows) return noSuch('No such course');
    const expiresAt = new Date(systemClock.now().getTime() + DOWNLOAD_SECONDS * 1000).toISOString();
    const links = await Promise.all(
      rows.map(async (row) => ({
        fileId: row.id,
        url: await this.downloadUrl(ws, row),
        contentType: row.detected_type!,
        fileName: row.declared_name,
        purpose: row.purpose,
        expiresAt,
      })),
    );
    return ok({ links });
  }

  /** Signed links to confirmed files of this workspace, by id (for the course and lesson reads). */
  async links(
    workspaceId: string,
    fileIds: readonly string[],
  ): Promise<Map<string, { url: string; type: string; fileName: string }>> {
    const rows = await this.db.tenant(workspaceId, (tx) => files.confirmedFiles(tx, workspaceId, fileIds));
    const out = new Map<string, { url: string; type: string; fileName: string }>();
    for (const row of rows) {
      out.set(row.id, {
        url: await this.downloadUrl(workspaceId, row),
        type: row.detected_type!,
        fileName: row.declared_name,
      });
    }
    return out;
  }

  /** Deletes a refused upload (its bytes and its row) and answers the refusal. */
  private async discard(
    actor: Acting<'workspaceId' | 'userId' | 'ip'>,
    row: files.FileRow,
    refusal: Refusal,
  ): Promise<Refusal> {
    await this.urls.remove(actor.workspaceId, row.storage_key);
    await this.db.tenant(actor.workspaceId, async (tx) => {
      if (!(await files.deletePending(tx, actor.workspaceId, row.id))) return;
      await audit(tx, {
        workspaceId: actor.workspaceId,
        actorUserId: actor.userId,
        action: 'file.refused',
        target: row.id,
        ip: actor.ip,
        details: { purpose: row.purpose, fileName: row.declared_name, reason: refusal.message },
      });
    });
    return refusal;
  }

  /** The type by the bytes: the first ones, and for a zip its directory (an Office document is a zip of known parts). */
  private async typeOf(workspaceId: string, key: string, size: number): Promise<DetectedType | null> {
    const type = detectType(await this.urls.readHead(workspaceId, key));
    if (type !== 'application/zip') return type;
    const tailLength = Math.min(size, ZIP_TAIL_BYTES);
    const tail = await this.urls.readRange(workspaceId, key, size - tailLength, tailLength);
    const directory = zipDirectory(tail, size);
    if (!directory || directory.size > MAX_ZIP_DIRECTORY) return type;
    const names = zipEntryNames(await this.urls.readRange(workspaceId, key, directory.offset, directory.size));
    return officeType(names) ?? type;
  }

  private downloadUrl(workspaceId: string, row: files.FileRow): Promise<string> {
    const office = row.detected_type?.startsWith('application/vnd.openxmlformats') ?? false;
    return this.urls.downloadUrl(workspaceId, row.storage_key, {
      seconds: DOWNLOAD_SECONDS,
      disposition: office ? 'attachment' : 'inline',
      type: row.detected_type,
      fileName: row.declared_name,
    });
  }

  private async describe(workspaceId: string, row: files.FileRow): Promise<StoredFile> {
    return {
      fileId: row.id,
      purpose: row.purpose,
      fileName: row.declared_name,
      size: Number(row.size),
      contentType: row.detected_type!,
      language: row.language,
      status: 'CONFIRMED',
      downloadUrl: await this.downloadUrl(workspaceId, row),
      downloadExpiresAt: new Date(systemClock.now().getTime() + DOWNLOAD_SECONDS * 1000).toISOString(),
      replacesFileId: row.replaces_file_id,
      coverOfCourseId: row.cover_of_course_id,
      createdAt: instantText(row.created_at),
    };
  }
}
