import { invalid, type Outcome } from '../shared/refusal';
import type { CurrentUser } from '../../contracts/main/auth.contract';
import type { AuthApi } from './auth-api.port';

export type SaveProfileOutcome = Outcome<{ user: CurrentUser }>;

/** Saves one's own name; on the first login it also records that the welcome is done. */
export class SaveProfile {
  constructor(private readonly auth: AuthApi) {}

  async execute(input: { firstName: string; lastName: string; firstLogin?: boolean }): Promise<SaveProfileOutcome> {
    const firstName = input.firstName.trim();
    const lastName = input.lastName.trim();
    if (!firstName) return invalid('Enter your first name', 'firstName');
    if (firstName.length > 100) return invalid('Use at most 100 characters', 'firstName');
    if (lastName.length > 100) return invalid('Use at most 100 characters', 'lastName');
    let user = await this.auth.updateProfile({ firstName, lastName });
    if (input.firstLogin) user = await this.auth.completeFirstLogin();
    return { ok: true, user };
  }
}
