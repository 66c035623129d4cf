import { invalid } from '../../src/application/shared/refusal';
import type { AccountSecurityApi, ChangePasswordResult } from '../../src/application/auth/account-security.port';
import type { ChangePasswordBody, SessionInfo } from '../../src/contracts/main/sessions.contract';

/** A server that knows one current password and counts other sessions. */
export class FakeAccountSecurityApi implements AccountSecurityApi {
  calls: ChangePasswordBody[] = [];
  sessions: SessionInfo[] = [];
  constructor(
    private current = 'the old harbour at dusk',
    private otherSessions = 2,
  ) {}

  async changePassword(body: ChangePasswordBody): Promise<ChangePasswordResult> {
    this.calls.push(body);
    if (body.currentPassword !== this.current)
      return invalid('Your current password is not correct.', 'currentPassword');
    this.current = body.userNewPassword;
    const ended = this.otherSessions;
    this.otherSessions = 0;
    return { ok: true, sessionsEnded: ended };
  }

  async session(sessionId: string): Promise<SessionInfo | null> {
    return this.sessions.find((s) => s.sessionId === sessionId) ?? null;
  }
}
