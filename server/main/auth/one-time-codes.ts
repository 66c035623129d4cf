import { createHash, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import {
  LOCKOUT_AFTER_FAILURES,
  LOCKOUT_MINUTES,
  MAX_TRIES_PER_CODE,
  ONE_TIME_CODE_TTL_MINUTES,
} from '../../../src/domain/auth/one-time-code';
import type { Database, Sql } from '../../platform/db/database';
import { audit } from '../../platform/audit';
import { sendNotice, type Mailer } from '../../platform/messages';
import { templates } from '../../platform/message-templates';
import type { Limit, LimitKey, RateLimits } from '../../platform/rate-limiter';

export type CodePurpose = 'SIGN_IN_EMAIL' | 'SIGN_IN_SMS' | 'RESET_PASSWORD';

function hashCode(codeId: string, code: string): string {
  return createHash('sha256').update(`${codeId}:${code}`).digest('hex');
}

export interface CodeTarget {
  workspaceId: string;
  userId: string;
}

const WINDOW = 15 * 60_000;

/** Requests for a code (sent or not): every request counts. */
export const CODE_REQUEST_LIMITS = {
  perAccount: { name: 'code-request:account', max: 5, windowMs: WINDOW, what: 'code requests' },
  perAddress: { name: 'code-request:address', max: 30, windowMs: WINDOW, what: 'code requests' },
  perWorkspace: { name: 'code-request:workspace', max: 1000, windowMs: WINDOW, what: 'code requests' },
} satisfies Record<string, Limit>;

/** Wrong codes (sign-in and password reset), whatever the request id: failures count, per address and per account. */
export const CODE_CHECK_LIMITS = {
  perAccount: { name: 'code-check:account', max: 20, windowMs: WINDOW, what: 'wrong codes' },
  perAddress: { name: 'code-check:address', max: 30, windowMs: WINDOW, what: 'wrong codes' },
} satisfies Record<string, Limit>;

/**
 * Issues and checks one-time codes: 6 digits from a cryptographic generator, single use, valid 10 minutes,
 * bound to the request that created them, 5 wrong tries per code; the account's consecutive failures against
 * codes it was really sent survive re-sends, and at 100 (`lockoutAfter`, the CODE_LOCKOUT_AFTER setting) the account is locked for an hour (LOCKOUT_MINUTES) and
 * its admins told. A request id that was never issued to the account counts against the caller's address and the
 * account's rate limit, never towards the lock.
 */
export class OneTimeCodes {
  constructor(
    private readonly db: Database,
    private readonly mail: Mailer,
    private readonly limits: RateLimits,
    private readonly lockoutAfter: number = LOCKOUT_AFTER_FAILURES,
  ) {}

  /** Rate limits apply whether or not the account exists, so they reveal nothing. */
  limit(workspaceId: string, account: string, ip: string): Promise<void> {
    return this.limits.take([
      { limit: CODE_REQUEST_LIMITS.perAddress, key: ip },
      { limit: CODE_REQUEST_LIMITS.perWorkspace, key: workspaceId },
      { limit: CODE_REQUEST_LIMITS.perAccount, key: `${workspaceId}:${account.toLowerCase()}` },
    ]);
  }

  /** The allowances of wrong codes from this address and for this account (email or phone number as typed). */
  checkKeys(workspaceId: string, account: string, ip: string): LimitKey[] {
    return [
      { limit: CODE_CHECK_LIMITS.perAddress, key: ip },
      { limit: CODE_CHECK_LIMITS.perAccount, key: `${workspaceId}:${account.toLowerCase()}` },
    ];
  }

  /** Before checking a code: 429 once the address or the account has used up its wrong codes. */
  beforeCheck(keys: LimitKey[]): Promise<void> {
    return this.limits.check(keys);
  }

  /** After a wrong code (or an unknown account): counts it. */
  wrongCode(keys: LimitKey[]): Promise<void> {
    return this.limits.record(keys);
  }

  /** Creates a code (superseding earlier ones of the same purpose) and returns it with its request id. */
  async issue(tx: Sql, target: CodeTarget, purpose: CodePurpose): Promise<{ requestId: string; code: string }> {
    const requestId = randomUUID();
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    await tx.query(
      `UPDATE one_time_codes SET superseded_at = now()
        WHERE workspace_id = $1 AND user_id = $2 AND purpose = $3 AND used_at IS NULL AND superseded_at IS NULL`,
      [target.workspaceId, target.userId, purpose],
    );
    await tx.query(
      `INSERT INTO one_time_codes (id, workspace_id, user_id, purpose, code_hash, expires_at)
       VALUES ($1, $2, $3, $4, $5, now() + make_interval(mins => $6))`,
      [requestId, target.workspaceId, target.userId, purpose, hashCode(requestId, code), ONE_TIME_CODE_TTL_MINUTES],
    );
    return { requestId, code };
  }

  /**
   * Checks a code in the caller's transaction. A wrong code counts against the code and the account;
   * the right one is spent. Returns whether it was right.
   */
  async consume(tx: Sql, target: CodeTarget, purpose: CodePurpose, requestId: string, code: string, ip: string): Promise<boolean> {
    const [row] = await tx.query<{ id: string; code_hash: string; failed_tries: number; live: boolean; locked: boolean }>(
      `SELECT c.id, c.code_hash, c.failed_tries,
              (c.used_at IS NULL AND c.superseded_at IS NULL AND c.expires_at > now() AND c.failed_tries < $5) AS live,
              (u.locked_until > now()) IS TRUE AS locked
         FROM one_time_codes c JOIN users u ON u.id = c.user_id AND u.workspace_id = c.workspace_id
        WHERE c.workspace_id = $1 AND c.user_id = $2 AND c.purpose = $3 AND c.id = $4
        FOR UPDATE OF c`,
      [target.workspaceId, target.userId, purpose, requestId, MAX_TRIES_PER_CODE],
    );
    const right = !!row && row.live && !row.locked && timingSafeEqual(Buffer.from(row.code_hash), Buffer.from(hashCode(requestId, code)));
    if (right) {
      await tx.query('UPDATE one_time_codes SET used_at = now() WHERE workspace_id = $1 AND id = $2', [target.workspaceId, row.id]);
      await tx.query('UPDATE users SET code_failures = 0 WHERE workspace_id = $1 AND id = $2', [target.workspaceId, target.userId]);
      return true;
    }
    // A request id never issued to this account (a guess) proves nothing about the account: the caller's rate
    // limits count it, the account's lock does not (else anyone could lock anyone with random ids).
    if (!row || row.locked) return false;
    await tx.query('UPDATE one_time_codes SET failed_tries = failed_tries + 1 WHERE workspace_id = $1 AND id = $2', [target.workspaceId, row.id]);
    const [user] = await tx.query<{ code_failures: number }>(
      `UPDATE users SET code_failures = code_failures + 1 WHERE workspace_id = $1 AND id = $2 RETURNING code_failures`,
      [target.workspaceId, target.userId],
    );
    if (user && user.code_failures >= this.lockoutAfter) await this.lock(tx, target, ip);
    return false;
  }

  private async lock(tx: Sql, target: CodeTarget, ip: string): Promise<void> {
    // Temporary: the count starts again from zero, and the lock ends by itself after LOCKOUT_MINUTES.
    const [user] = await tx.query<{ email: string; locked_until: Date }>(
      `UPDATE users SET locked_at = now(), locked_until = now() + make_interval(mins => $3), code_failures = 0
        WHERE workspace_id = $1 AND id = $2 RETURNING email, locked_until`,
      [target.workspaceId, target.userId, LOCKOUT_MINUTES],
    );
    await tx.query('UPDATE sessions SET revoked_at = now() WHERE workspace_id = $1 AND user_id = $2 AND revoked_at IS NULL', [target.workspaceId, target.userId]);
    await audit(tx, { workspaceId: target.workspaceId, action: 'ACCOUNT_LOCKED', target: target.userId, ip, details: { reason: 'one-time code failures', minutes: LOCKOUT_MINUTES } });
    const admins = await tx.query<{ email: string }>(
      `SELECT email FROM users WHERE workspace_id = $1 AND role = 'WORKSPACE_ADMIN' AND status = 'ACTIVE'`,
      [target.workspaceId],
    );
    const [workspace] = await tx.query<{ company_name: string }>('SELECT company_name FROM workspaces WHERE id = $1', [target.workspaceId]);
    const notice = templates.lockoutNotice({
      workspaceName: workspace?.company_name ?? '',
      account: user?.email ?? target.userId,
      failures: this.lockoutAfter,
      lockedUntil: new Date(user?.locked_until ?? Date.now() + LOCKOUT_MINUTES * 60_000),
    });
    // The lock stands even when the notice cannot leave (else a mail outage would undo every lock, and the count).
    await sendNotice(() => this.mail.sendMany(admins.map((admin) => ({ workspaceId: target.workspaceId, to: admin.email, ...notice })), tx));
  }
}
