import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { PROFILE_IMAGE_FIELD, PROFILE_IMAGE_UPLOAD_MINUTES } from '../../../src/contracts/main/signup.contract';
import { audit } from '../../platform/audit';
import type { Database } from '../../platform/db/database';
import { ok, refuse, type Outcome } from '../../platform/refusal';
import { readWhole, type DirectFileUrls } from '../../platform/signed-files';
import { logoType } from '../organisation/branding.routes';
import * as repo from './profile-image.repository';

const sameText = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * The version of a stored picture: the random part of its file-store key (`<workspace>/<96 random bits>`; pictures
 * stored before the file store's port carry 128 random bits after their name's last dash, and older ones the first
 * 16 hex digits of their SHA-256, which only someone holding the picture can compute). The picture is served only at
 * its own version, so a user id alone opens nothing.
 */
export function profileImageVersion(key: string): string {
  const file = key.slice(key.lastIndexOf('/') + 1);
  return file.slice(file.lastIndexOf('-') + 1);
}

const noPicture = () => refuse('not-found', 'NOT_FOUND', 'This person has no profile picture');

export interface PictureOwner {
  workspaceId: string;
  userId: string;
  ip: string;
}

/** One's own profile picture: single-use upload tokens, the picture kept in the file store. */
export class ProfileImages {
  constructor(
    private readonly db: Database,
    /** The one file store (the embedded folder or S3); none configured: pictures cannot be stored. */
    private readonly files: DirectFileUrls | undefined,
  ) {}

  /** A single-use 256-bit token (10 minutes); one upload address at a time. */
  async issueUpload(who: PictureOwner): Promise<{ token: string; expiresAt: Date }> {
    const token = randomBytes(32).toString('base64url');
    const expiresAt = await this.db.tenant(who.workspaceId, (tx) =>
      repo.replaceUploadToken(tx, who.workspaceId, who.userId, tokenHash(token), PROFILE_IMAGE_UPLOAD_MINUTES),
    );
    return { token, expiresAt };
  }

  /** Whose upload a token opens: checked before the body is read, so a stranger's upload is not buffered. */
  async uploader(workspaceId: string, token: string): Promise<Outcome<string>> {
    const userId = await this.db.tenant(workspaceId, (tx) => repo.tokenOwner(tx, workspaceId, tokenHash(token)));
    if (!userId)
      return refuse(
        'not-found',
        'UPLOAD_URL_INVALID',
        'This upload address is not valid or has expired. Ask for a new one.',
      );
    return ok(userId);
  }

  /** Stores the picture (a PNG, JPEG or WebP by its bytes), spends the token and forgets the earlier picture. */
  async store(
    workspaceId: string,
    token: string,
    uploader: { userId: string; ip: string },
    bytes: Uint8Array | null,
  ): Promise<Outcome<{ key: string }>> {
    if (!bytes || bytes.length === 0)
      return refuse('invalid', 'VALIDATION', 'Attach the picture', { [PROFILE_IMAGE_FIELD]: 'Required' });
    const type = logoType(bytes);
    if (!type) {
      return refuse('invalid', 'UNSUPPORTED_IMAGE', 'The picture must be a PNG, JPEG or WebP image', {
        [PROFILE_IMAGE_FIELD]: 'Not a PNG, JPEG or WebP picture',
      });
    }
    if (!this.files) return refuse('unavailable', 'NO_FILE_STORAGE', 'This server has no file storage configured.');
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    const key = await this.files.store(workspaceId, 'profile-picture', bytes);
    const previous = await this.db.tenant(workspaceId, async (tx) => {
      if (!(await repo.spendToken(tx, workspaceId, tokenHash(token)))) return { refused: true as const };
      const before = await repo.replacePicture(tx, workspaceId, uploader.userId, { key, type, sha256 });
      await audit(tx, {
        workspaceId,
        actorUserId: uploader.userId,
        action: 'PROFILE_IMAGE_UPLOADED',
        target: uploader.userId,
        ip: uploader.ip,
        details: { contentType: type, bytes: bytes.length, sha256 },
      });
      return { key: before };
    });
    if ('refused' in previous)
      return refuse('not-found', 'UPLOAD_URL_INVALID', 'This upload address was already used. Ask for a new one.');
    if (previous.key && previous.key !== key) await this.files.remove(workspaceId, previous.key);
    return ok({ key });
  }

  async remove(who: PictureOwner): Promise<void> {
    const key = await this.db.tenant(who.workspaceId, async (tx) => {
      const before = await repo.replacePicture(tx, who.workspaceId, who.userId, null);
      if (before) {
        await audit(tx, {
          workspaceId: who.workspaceId,
          actorUserId: who.userId,
          action: 'PROFILE_IMAGE_REMOVED',
          target: who.userId,
          ip: who.ip,
        });
      }
      return before;
    });
    if (key) await this.files?.remove(who.workspaceId, key);
  }

  /** The picture at its own version only: a made-up or an old one answers as if there were no picture. */
  async picture(
    workspaceId: string,
    userId: string,
    version: string,
  ): Promise<Outcome<{ bytes: Uint8Array; type: string }>> {
    const row = await this.db.tenant(workspaceId, (tx) => repo.picture(tx, workspaceId, userId));
    if (!row || !sameText(profileImageVersion(row.key), version)) return noPicture();
    const bytes = this.files ? await readWhole(this.files, workspaceId, row.key) : null;
    if (!bytes) return noPicture();
    return ok({ bytes, type: row.type });
  }
}
