import type { SessionStore } from '../shared/session-store.port';
import type { AuthApi } from './auth-api.port';

/** Ends the session on the server (best effort) and always forgets the token here. */
export class SignOut {
  constructor(
    private readonly auth: AuthApi,
    private readonly sessions: SessionStore,
  ) {}

  async execute(): Promise<void> {
    try {
      if (this.sessions.token()) await this.auth.signOut();
    } finally {
      this.sessions.clear();
    }
  }
}
