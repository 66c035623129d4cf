import type { CurrentUser } from '../../contracts/main/auth.contract';
import { ApiError } from '../shared/api-error';
import type { SessionStore } from '../shared/session-store.port';
import type { AuthApi } from './auth-api.port';

export type RefreshOutcome = { signedIn: true; user: CurrentUser } | { signedIn: false };

/**
 * The "user refresh" on app start. No token, a 401, or a 500 from the server (spec 8) all end signed out:
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
      if (ApiError.is(error) && (error.status === 401 || error.status >= 500)) {
        this.sessions.clear();
        return { signedIn: false };
      }
      throw error;
    }
  }
}
