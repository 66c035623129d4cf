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
import { workspaceZone } from '../../platform/languages';
import type { Limit, LimitKey, RateLimits } from '../../platform/rate-limiter';
import { SIGN_IN_LIMITS } from './sign-in.service';
import { systemClock } from '../../platform/clock';

export type CodePurpose = 'SIGN_IN_EMAIL' | 'SIGN_IN_SMS' | 'RESET_PASSWORD';

function hashCode(codeId: string, code: string): string {
  return createHash('sha256').update(`${codeId}:${code}`).digest('hex');
}

export interface CodeTarget {
  workspaceId: string;
  userId: string;
}

const WINDOW = 15 * 60_000;
const HOUR = 60 * 60_000;

/**
 * Requests for a code (sent or not): every request counts. As with passwords (sign-in.service.ts), the strict limit
 * is per account *and* address, so a stranger's requests hold only the stranger's address; the account as a whole
 * and the workspace have slower limits that do not apply to an address the account signed in from lately
 * (`knownAddress`), so strangers spending them cannot stop the owner's own request from the owner's usual place.
 */
export const CODE_REQUEST_LIMITS = {
  perAccountAddress: { name: 'code-request:account+address', max: 5, windowMs: WINDOW, what: 'code requests' },
  perAddress: { name: 'code-request:address', max: 30, windowMs: WINDOW, what: 'code requests' },
  perAccount: { name: 'code-request:account-all', max: 20, windowMs: HOUR, what: 'code requests for this account' },
  perWorkspace: { name: 'code-request:workspace', max: 1000, windowMs: WINDOW, what: 'code requests' },
} satisfies Record<string, Limit>;

/**
 * Wrong codes (sign-in and password reset). Every failure counts per account and address (20) and per address (30);
 * only failures against the account's live code count towards the account-wide limit (50 an hour, not applied to a
 * known address) and the lock, and only those from a known address count towards the lock.
 */
export const CODE_CHECK_LIMITS = {
  perAccountAddress: { name: 'code-check:account+address', max: 20, windowMs: WINDOW, what: 'wrong codes' },
  perAddress: { name: 'code-check:address', max: 30, windowMs: WINDOW, what: 'wrong codes' },
  perAccount: { name: 'code-check:live-account', max: 50, windowMs: HOUR, what: 'wrong codes for this account' },
} satisfies Record<string, Limit>;

/** The allowances of one code check, and whether its address is one the account signed in from lately. */
export interface CodeCheck {
  keys: { perAccountAddress: LimitKey; perAddress: LimitKey; perAccount: LimitKey };
  known: LimitKey;
  /** The address signed in to this account in the last 30 days: its failures may lock it, and the account-wide limit does not hold it. */
  knownAddress: boolean;
}

/** What a code check found: the right code, a wrong guess at the live code, or nothing live (unknown, superseded, expired, used, locked). */
export type CodeOutcome = 'right' | 'wrong' | 'stale';

/** `${workspaceId}:${account}`, the form the password sign-in keys an account by (the email, username or phone as typed, lower case). */
const accountKey = (workspaceId: string, account: string) => `${workspaceId}:${account.toLowerCase()}`;

/** The password rule's "address that signed in to this account lately" (SIGN_IN_LIMITS.knownAddress). */
export function knownAddressKey(workspaceId: string, account: string, ip: string): LimitKey {
  return { limit: SIGN_IN_LIMITS.knownAddress, key: `${accountKey(workspaceId, account)}@${ip}` };
}

/**
 * Issues and checks one-time codes: 6 digits from a cryptographic generator, single use, valid 10 minutes,
 * bound to the request that created them, 5 wrong tries per code. The account's consecutive failures against its
 * live code, from addresses it signed in from lately, survive re-sends, and at 100 (`lockoutAfter`, the
 * CODE_LOCKOUT_AFTER setting) the account is locked for an hour (LOCKOUT_MINUTES) and its admins told. A request id
 * never issued to the account, a superseded or expired code, or an address the account has not used never counts
 * towards the lock (docs/identity.md, "Locks and limits").
 */
export class OneTimeCodes {
  constructor(
    private readonly db: Database,
    private readonly mail: Mailer,
    private readonly limits: RateLimits,
    private readonly lockoutAfter: number = LOCKOUT_AFTER_FAILURES,
  ) {}

  /** Counts a code request. Rate limits apply whether or not the account exists, so they reveal nothing. */
  async limit(workspaceId: string, account: string, ip: string): Promise<void> {
    const known = knownAddressKey(workspaceId, account, ip);
    const strict = [
      { limit: CODE_REQUEST_LIMITS.perAddress, key: ip },
      { limit: CODE_REQUEST_LIMITS.perAccountAddress, key: `${accountKey(workspaceId, account)}@${ip}` },
    ];
    const wide = [
      { limit: CODE_REQUEST_LIMITS.perAccount, key: accountKey(workspaceId, account) },
      { limit: CODE_REQUEST_LIMITS.perWorkspace, key: workspaceId },
    ];
    const reading = await this.limits.read([known]);
    await this.limits.take(reading.seen(known) ? strict : [...strict, ...wide]);
  }

  /** Before checking a code: 429 once this address, or (from an address the account has not used) the account, has used up its wrong codes. */
  async beforeCheck(workspaceId: string, account: string, ip: string): Promise<CodeCheck> {
    const keys = {
      perAccountAddress: {
        limit: CODE_CHECK_LIMITS.perAccountAddress,
        key: `${accountKey(workspaceId, account)}@${ip}`,
      },
      perAddress: { limit: CODE_CHECK_LIMITS.perAddress, key: ip },
      perAccount: { limit: CODE_CHECK_LIMITS.perAccount, key: accountKey(workspaceId, account) },
    };
    const known = knownAddressKey(workspaceId, account, ip);
    const reading = await this.limits.read([...Object.values(keys), known]);
    const knownAddress = reading.seen(known);
    reading.assertAllowed(knownAddress ? [keys.perAddress, keys.perAccountAddress] : Object.values(keys));
    return { keys, known, knownAddress };
  }

  /** After a wrong code (or an unknown account): counts it; against the account only when it was a guess at the live code. */
  wrongCode(check: CodeCheck, outcome: CodeOutcome): Promise<void> {
    const { perAddress, perAccountAddress, perAccount } = check.keys;
    return this.limits.record(
      outcome === 'wrong' ? [perAddress, perAccountAddress, perAccount] : [perAddress, perAccountAddress],
    );
  }

  /** After the right code: this address's failures on the account are forgiven, and it is now an address the account uses. */
  async rightCode(check: CodeCheck, alsoKnownAs: LimitKey[] = []): Promise<void> {
    await this.limits.reset([check.keys.perAccountAddress]);
    await this.limits.record([check.known, ...alsoKnownAs]);
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
   * Checks a code in the caller's transaction. The right one is spent. A wrong guess at the live code counts against
   * the code (5 tries) and, from an address the account signed in from lately (`knownAddress`), towards the lock.
   */
  async consume(
    tx: Sql,
    target: CodeTarget,
    purpose: CodePurpose,
    requestId: string,
    code: string,
    ip: string,
    knownAddress: boolean,
  ): Promise<CodeOutcome> {
    const [row] = await tx.query<{
      id: string;
      code_hash: string;
      failed_tries: number;
      live: boolean;
      locked: boolean;
    }>(
      `SELECT c.id, c.code_hash, c.failed_tries,
              (c.used_at IS NULL AND c.superseded_at IS NULL AND c.expires_at > now() AND c.failed_tries < $5) AS live,
              (u.locked_until > now()) IS TRUE AS locked
         FROM one_time_codes c JOIN users u ON u.id = c.user_id AND u.workspace_id = c.workspace_id
        WHERE c.workspace_id = $1 AND c.user_id = $2 AND c.purpose = $3 AND c.id = $4
        FOR UPDATE OF c`,
      [target.workspaceId, target.userId, purpose, requestId, MAX_TRIES_PER_CODE],
    );
    // A request id never issued to this account (a guess), a superseded, expired, used or burnt code, or a locked
    // account: nothing live was guessed at, so nothing counts against the account (else anyone could lock anyone).
    if (!row || !row.live || row.locked) return 'stale';
    if (timingSafeEqual(Buffer.from(row.code_hash), Buffer.from(hashCode(requestId, code)))) {
      await tx.query('UPDATE one_time_codes SET used_at = now() WHERE workspace_id = $1 AND id = $2', [
        target.workspaceId,
        row.id,
      ]);
      await tx.query('UPDATE users SET code_failures = 0 WHERE workspace_id = $1 AND id = $2', [
        target.workspaceId,
        target.userId,
      ]);
      return 'right';
    }
    await tx.query('UPDATE one_time_codes SET failed_tries = failed_tries + 1 WHERE workspace_id = $1 AND id = $2', [
      target.workspaceId,
      row.id,
    ]);
    // Only an address the account uses can lock it: a stranger's guesses are held by the rate limits instead.
    if (!knownAddress) return 'wrong';
    const [user] = await tx.query<{ code_failures: number }>(
      `UPDATE users SET code_failures = code_failures + 1 WHERE workspace_id = $1 AND id = $2 RETURNING code_failures`,
      [target.workspaceId, target.userId],
    );
    if (user && user.code_failures >= this.lockoutAfter) await this.lock(tx, target, ip);
    return 'wrong';
  }

  private async lock(tx: Sql, target: CodeTarget, ip: string): Promise<void> {
    // Temporary: the count starts again from zero, and the lock ends by itself after LOCKOUT_MINUTES.
    const [user] = await tx.query<{ email: string; locked_until: Date }>(
      `UPDATE users SET locked_at = now(), locked_until = now() + make_interval(mins => $3), code_failures = 0
        WHERE workspace_id = $1 AND id = $2 RETURNING email, locked_until`,
      [target.workspaceId, target.userId, LOCKOUT_MINUTES],
    );
    await tx.query(
      'UPDATE sessions SET revoked_at = now() WHERE workspace_id = $1 AND user_id = $2 AND revoked_at IS NULL',
      [target.workspaceId, target.userId],
    );
    await audit(tx, {
      workspaceId: target.workspaceId,
      action: 'ACCOUNT_LOCKED',
      target: target.userId,
      ip,
      details: { reason: 'one-time code failures', minutes: LOCKOUT_MINUTES },
    });
    const admins = await tx.query<{ email: string }>(
      `SELECT email FROM users WHERE workspace_id = $1 AND role = 'WORKSPACE_ADMIN' AND status = 'ACTIVE'`,
      [target.workspaceId],
    );
    const [workspace] = await tx.query<{ company_name: string }>('SELECT company_name FROM workspaces WHERE id = $1', [
      target.workspaceId,
    ]);
    const notice = templates.lockoutNotice({
      workspaceName: workspace?.company_name ?? '',
      account: user?.email ?? target.userId,
      failures: this.lockoutAfter,
      lockedUntil: new Date(user?.locked_until ?? systemClock.now().getTime() + LOCKOUT_MINUTES * 60_000),
      ...(await workspaceZone(tx, target.workspaceId)),
    });
    // The lock stands even when the notice cannot leave (else a mail outage would undo every lock, and the count).
    await sendNotice(() =>
      this.mail.sendMany(
        admins.map((admin) => ({ workspaceId: target.workspaceId, to: admin.email, ...notice })),
        tx,
      ),
    );
  }
}
