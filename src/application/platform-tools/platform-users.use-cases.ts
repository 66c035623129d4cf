import type { PlatformUser, UserRecord, UserStatus } from '../../contracts/main/platform-users.contract';
import type { Role } from '../../domain/auth/roles';
import type { PlatformUsersApi } from './platform-tools-api.port';
import { invalid, refuse, refusalOf, type Outcome, type Refusal } from '../shared/refusal';
import { isEmailAddress } from '../../domain/people/email-address';

export class FindUserRecord {
  constructor(private readonly users: PlatformUsersApi) {}

  async execute(workspaceId: string, email: string): Promise<{ ok: true; record: UserRecord } | Refusal> {
    const value = email.trim().toLowerCase();
    if (!isEmailAddress(value)) return invalid('Type the user’s email address', 'email');
    try {
      return { ok: true, record: await this.users.record(workspaceId, { email: value }) };
    } catch (error) {
      return refusalOf(error);
    }
  }
}

export interface UserFixes {
  firstName: string;
  lastName: string;
  email: string;
  role: Role;
  status: UserStatus;
}

/** Sends only what changed; nothing changed is said, not sent. */
export class UpdateWorkspaceUser {
  constructor(private readonly users: PlatformUsersApi) {}

  async execute(user: PlatformUser, fixes: UserFixes): Promise<Outcome<{ user: PlatformUser }, 'unchanged'>> {
    const next = {
      ...fixes,
      firstName: fixes.firstName.trim(),
      lastName: fixes.lastName.trim(),
      email: fixes.email.trim().toLowerCase(),
    };
    if (!next.firstName) return invalid('Give a first name', 'firstName');
    if (!isEmailAddress(next.email)) return invalid('Not an email address', 'email');
    const changes: Partial<UserFixes> = {};
    if (next.firstName !== user.firstName) changes.firstName = next.firstName;
    if (next.lastName !== user.lastName) changes.lastName = next.lastName;
    if (next.email !== user.email.toLowerCase()) changes.email = next.email;
    if (next.role !== user.role) changes.role = next.role;
    if (next.status !== user.status) changes.status = next.status;
    if (Object.keys(changes).length === 0) return refuse('invalid', 'Nothing was changed', { code: 'unchanged' });
    try {
      return {
        ok: true,
        user: await this.users.update({ workspaceId: user.workspaceId, userId: user.userId, ...changes }),
      };
    } catch (error) {
      return refusalOf(error);
    }
  }
}
