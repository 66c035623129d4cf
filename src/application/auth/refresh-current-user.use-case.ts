import { refuse, type Outcome } from '../shared/refusal';
import type { CurrentUser } from '../../contracts/main/auth.contract';
import { ApiError } from '../shared/api-error';
import type { SessionStore } from '../shared/session-store.port';
import type { AuthApi } from './auth-api.port';

/** Signed in with the current user, or refused as `signed-out`. */
export type RefreshOutcome = Outcome<{ user: CurrentUser }>;

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
    if (!this.sessions.token()) return refuse('signed-out', 'Not signed in.');
    try {
      return { ok: true, user: await this.auth.currentUser() };
    } catch (error) {
      if (ApiError.is(error) && (error.reason === 'signed-out' || error.reason === 'server-error')) {
        this.sessions.clear();
        return refuse('signed-out', error.message);
      }
      throw error;
    }
  }
}
