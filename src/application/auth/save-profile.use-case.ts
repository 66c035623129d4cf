import type { CurrentUser } from '../../contracts/main/auth.contract';
import type { AuthApi } from './auth-api.port';

export type SaveProfileOutcome =
  { ok: true; user: CurrentUser } | { ok: false; field: 'firstName' | 'lastName'; message: string };

/** Saves one's own name; on the first login it also records that the welcome is done. */
export class SaveProfile {
  constructor(private readonly auth: AuthApi) {}

  async execute(input: { firstName: string; lastName: string; firstLogin?: boolean }): Promise<SaveProfileOutcome> {
    const firstName = input.firstName.trim();
    const lastName = input.lastName.trim();
    if (!firstName) return { ok: false, field: 'firstName', message: 'Enter your first name' };
    if (firstName.length > 100) return { ok: false, field: 'firstName', message: 'Use at most 100 characters' };
    if (lastName.length > 100) return { ok: false, field: 'lastName', message: 'Use at most 100 characters' };
    let user = await this.auth.updateProfile({ firstName, lastName });
    if (input.firstLogin) user = await this.auth.completeFirstLogin();
    return { ok: true, user };
  }
}
