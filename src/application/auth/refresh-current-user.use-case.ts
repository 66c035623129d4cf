import type { CurrentUser } from '../../contracts/main/auth.contract';
import { ApiError } from '../shared/api-error';
import type { SessionStore } from '../shared/session-store.port';
import type { AuthApi } from './auth-api.port';

export type RefreshOutcome = { signedIn: true; user: CurrentUser } | { signedIn: false };

/**
 * The "user refresh" on app start. No token, a lost session or a failing server (spec 8: a 401 or a 500) all end signed out:
 * the token is cleared and the caller sends the user to /signin.
 */
export class RefreshCurrentUser {
  constructor(
    private readonly auth: AuthApi,
    private readonly sessions: SessionStore,
  ) {}

  async execute(): Promise<RefreshOutcome> {
    if (!this.sessions.token()) return { signedIn: false };
    try {
      return { signedIn: true, user: await this.auth.currentUser() };
    } catch (error) {
      if (ApiError.is(error) && (error.reason === 'signed-out' || error.reason === 'server-error')) {
        this.sessions.clear();
        return { signedIn: false };
      }
      throw error;
    }
  }
}
