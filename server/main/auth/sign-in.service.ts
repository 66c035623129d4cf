import type { Role } from '../../../src/domain/auth/roles';
import type { SignInBody } from '../../../src/contracts/main/auth.contract';
import type { Database } from '../../platform/db/database';
import { audit } from '../../platform/audit';
import { HttpError } from '../../platform/errors';
import type { PasswordHasher } from '../../platform/passwords';
import { WindowLimiter } from '../../platform/rate-limiter';
import type { SessionRepository } from '../../platform/sessions';
import type { Site } from '../../platform/tenancy';

/** One message for every wrong identifier or password: it never tells whether the account exists. */
export const INVALID_CREDENTIALS = 'The email, username or password is not correct.';

export const EMAIL_NOT_CONFIRMED = 'Confirm your email first: open the link we emailed you when you signed up, or ask for a new one.';

interface Candidate {
  id: string;
  workspace_id: string;
  password_hash: string | null;
  status: string;
  role: Role;
  email_confirmed: boolean;
}

export type SignInOutcome = { token: string; expiresAt: string; sessionId: string };

export class SignInService {
  /** 5 failures per account per 15 minutes; 30 per address. */
  private readonly perAccount = new WindowLimiter(5, 15 * 60_000, 'failed attempts');
  private readonly perAddress = new WindowLimiter(30, 15 * 60_000, 'failed attempts');

  constructor(
    private readonly db: Database,
    private readonly sessions: SessionRepository,
    private readonly passwords: PasswordHasher,
  ) {}

  async signIn(site: Site, body: SignInBody, ip: string, userAgent?: string): Promise<SignInOutcome> {
    if (site.kind === 'unknown') throw new HttpError(404, 'NOT_FOUND', 'There is no workspace at this address');
    const identifier = (body.userEmail ?? body.username ?? '').toLowerCase();
    const siteKey = site.kind === 'workspace' ? site.workspace.id : 'main';
    const accountKey = `${siteKey}:${identifier}`;
    this.perAddress.check(ip);
    this.perAccount.check(accountKey);

    const outcome =
      site.kind === 'workspace'
        ? await this.workspaceSignIn(site.workspace.id, body, ip, userAgent)
        : await this.mainSiteSignIn(body, ip, userAgent);

    if (!outcome) {
      this.perAccount.record(accountKey);
      this.perAddress.record(ip);
      await this.db.system((tx) =>
        audit(tx, {
          workspaceId: site.kind === 'workspace' ? site.workspace.id : null,
          action: 'SIGN_IN_FAILED',
          target: identifier,
          ip,
        }),
      );
      throw new HttpError(401, 'INVALID_CREDENTIALS', INVALID_CREDENTIALS);
    }
    this.perAccount.reset(accountKey);
    return outcome;
  }

  private async workspaceSignIn(workspaceId: string, body: SignInBody, ip: string, userAgent?: string) {
    const candidate = await this.db.tenant(workspaceId, async (tx) => {
      const rows = await tx.query<Candidate>(
        body.userEmail
          ? `SELECT id, workspace_id, password_hash, status, role, email_confirmed FROM users WHERE workspace_id = $1 AND lower(email) = $2`
          : `SELECT id, workspace_id, password_hash, status, role, email_confirmed FROM users WHERE workspace_id = $1 AND lower(username) = lower($2)`,
        [workspaceId, body.userEmail ?? body.username],
      );
      return rows[0];
    });
    if (!candidate || !candidate.password_hash || candidate.status === 'INACTIVE') {
      await this.passwords.verifyNothing(body.userPassword);
      return null;
    }
    if (!(await this.passwords.verify(candidate.password_hash, body.userPassword))) return null;
    // Only the holder of the right password learns that the account waits for its email to be confirmed.
    if (!candidate.email_confirmed) throw new HttpError(403, 'EMAIL_NOT_CONFIRMED', EMAIL_NOT_CONFIRMED);
    const session = await this.sessions.create({ workspaceId, userId: candidate.id, ip, userAgent });
    await this.db.tenant(workspaceId, (tx) =>
      audit(tx, { workspaceId, actorUserId: candidate.id, action: 'SIGN_IN', target: candidate.id, ip, details: { method: 'password' } }),
    );
    return session;
  }

  /**
   * On the main site a platform admin signs in to run the platform; a workspace member signs in only to
   * find their workspaces (the session is worth nothing at any workspace host).
   */
  private async mainSiteSignIn(body: SignInBody, ip: string, userAgent?: string) {
    if (!body.userEmail) {
      await this.passwords.verifyNothing(body.userPassword);
      return null;
    }
    const [admin] = await this.db.query<{ id: string; password_hash: string }>(
      'SELECT id, password_hash FROM platform_admins WHERE lower(email) = $1',
      [body.userEmail],
    );
    if (admin) {
      if (!(await this.passwords.verify(admin.password_hash, body.userPassword))) return null;
      const session = await this.sessions.create({ workspaceId: null, platformAdminId: admin.id, ip, userAgent });
      await this.db.system((tx) => audit(tx, { workspaceId: null, actorPlatformAdminId: admin.id, action: 'SIGN_IN', ip }));
      return session;
    }
    // A platform query across workspaces: runs as the owner, outside row-level security, and reads hashes only.
    const members = await this.db.query<{ password_hash: string }>(
      `SELECT password_hash FROM users WHERE lower(email) = $1 AND password_hash IS NOT NULL AND status <> 'INACTIVE' AND email_confirmed LIMIT 20`,
      [body.userEmail],
    );
    for (const member of members) {
      if (await this.passwords.verify(member.password_hash, body.userPassword)) {
        return this.sessions.create({ workspaceId: null, accountEmail: body.userEmail, ip, userAgent });
      }
    }
    if (members.length === 0) await this.passwords.verifyNothing(body.userPassword);
    return null;
  }
}
