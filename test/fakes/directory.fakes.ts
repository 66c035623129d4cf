import type { DirectoryApi, DirectoryPage, PeopleFile } from '../../src/application/people/directory-api.port';
import { ApiError } from '../../src/application/shared/api-error';
import type {
  DeleteByFileResult,
  DirectoryQuery,
  DirectorySearchQuery,
  DirectoryUser,
  UserStats,
  UserUpdate,
} from '../../src/contracts/main/users.contract';

export const person = (n: number, extra: Partial<DirectoryUser> = {}): DirectoryUser => ({
  userId: `u${n}`,
  email: `person${n}@acme.test`,
  firstName: `Person${String(n).padStart(2, '0')}`,
  lastName: 'Test',
  employeeId: null,
  designation: null,
  phoneNumber: null,
  role: 'EMPLOYEE',
  status: 'ACTIVE',
  branchId: 'hq',
  branchName: 'Acme Headquarters',
  departmentId: null,
  departmentName: null,
  dateOfJoining: '2024-01-01',
  createdAt: '2026-01-01T00:00:00.000Z',
  invite: null,
  emailConfirmed: true,
  lockedUntil: null,
  ...extra,
});

/** An in-memory directory with the server's paging, a refusal list and a record of calls. */
export class FakeDirectoryApi implements DirectoryApi {
  calls: { kind: string; input: unknown }[] = [];
  /** userId -> the 409 message the server would give for a change or deletion of that person. */
  refusals = new Map<string, string>();
  constructor(public people: DirectoryUser[]) {}

  private pageOf(query: DirectoryQuery, matching: DirectoryUser[]): DirectoryPage {
    const page = query.page ?? 0;
    const pageSize = query.pageSize ?? 20;
    const filtered = matching.filter(
      (u) =>
        (!query.branchId || u.branchId === query.branchId) &&
        (!query.status || u.status === query.status) &&
        (!query.role || u.role === query.role),
    );
    return { items: filtered.slice(page * pageSize, (page + 1) * pageSize), page, pageSize, total: filtered.length };
  }

  async list(query: DirectoryQuery) {
    this.calls.push({ kind: 'list', input: query });
    return this.pageOf(query, this.people);
  }
  async search(query: DirectorySearchQuery) {
    this.calls.push({ kind: 'search', input: query });
    const text = query.searchText.toLowerCase();
    return this.pageOf(
      query,
      this.people.filter((u) => u.email.startsWith(text) || u.firstName.toLowerCase().startsWith(text)),
    );
  }
  async quickSearch(input: { searchText: string }) {
    return this.people.filter((u) => u.email.startsWith(input.searchText)).slice(0, 20);
  }
  async stats(): Promise<UserStats> {
    const count = (status: DirectoryUser['status']) => this.people.filter((u) => u.status === status).length;
    return {
      total: this.people.length,
      byStatus: { ACTIVE: count('ACTIVE'), INVITED: count('INVITED'), INACTIVE: count('INACTIVE') },
      byRole: { EMPLOYEE: this.people.length, WORKSPACE_ADMIN: 0, BRANCH_ADMIN: 0, EMPLOYER: 0 },
      byBranch: [],
    };
  }
  async update(userId: string, change: UserUpdate) {
    this.calls.push({ kind: 'update', input: { userId, change } });
    const refusal = this.refusals.get(userId);
    if (refusal) throw new ApiError('conflict', 'CONFLICT', refusal, { status: refusal });
    const index = this.people.findIndex((u) => u.userId === userId);
    if (index < 0) throw new ApiError('not-found', 'NOT_FOUND', 'There is no such user');
    const updated: DirectoryUser = { ...this.people[index]!, ...(change as Partial<DirectoryUser>) };
    this.people[index] = updated;
    return updated;
  }
  unlocked: string[] = [];
  async unlock(userId: string) {
    this.unlocked.push(userId);
    const index = this.people.findIndex((u) => u.userId === userId);
    if (index < 0) throw new ApiError('not-found', 'NOT_FOUND', 'There is no such user in this workspace');
    this.people[index] = { ...this.people[index]!, lockedUntil: null };
  }
  signedOut: string[] = [];
  async signOutEverywhere(userId: string) {
    this.signedOut.push(userId);
    return { sessionsEnded: 2 };
  }
  async remove(userId: string) {
    return this.removeMany([userId]);
  }
  async removeMany(userIds: string[]) {
    this.calls.push({ kind: 'delete', input: userIds });
    const refused = userIds.find((id) => this.refusals.has(id));
    if (refused) throw new ApiError('conflict', 'CONFLICT', this.refusals.get(refused)!);
    this.people = this.people.filter((u) => !userIds.includes(u.userId));
    return { deleted: userIds.length };
  }
  /** Like the server: the emails of the file (one per line, a header allowed), matched, refused or unknown. */
  async removeByFile(file: PeopleFile, confirm: boolean): Promise<DeleteByFileResult> {
    this.calls.push({ kind: confirm ? 'delete-by-file' : 'preview-by-file', input: file.name });
    const emails = [
      ...new Set(
        (await file.content.text())
          .split(/\r?\n/)
          .map((l) => l.trim().toLowerCase())
          .filter((l) => l.includes('@')),
      ),
    ];
    const matched = this.people.filter((u) => emails.includes(u.email));
    const unknown = emails.filter((e) => !matched.some((u) => u.email === e));
    const refused = matched
      .filter((u) => this.refusals.has(u.userId))
      .map((u) => ({ email: u.email, reason: this.refusals.get(u.userId)! }));
    const result = {
      matched: matched.length,
      deleted: 0,
      unknown: unknown.slice(0, 50),
      unknownCount: unknown.length,
      refused,
    };
    if (!confirm) return result;
    if (refused.length)
      throw new ApiError('conflict', 'CONFLICT', `Nobody was deleted: ${refused[0]!.email}: ${refused[0]!.reason}`, {
        file: `${refused.length} ${refused.length === 1 ? 'person' : 'people'} may not be deleted`,
      });
    this.people = this.people.filter((u) => !matched.includes(u));
    return { ...result, deleted: matched.length };
  }
}
