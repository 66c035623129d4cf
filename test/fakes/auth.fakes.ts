import type {
  CurrentUser,
  ResetPasswordBody,
  SignInBody,
  UpdateProfileBody,
} from '../../src/contracts/main/auth.contract';
import type { Branch, CompanyProfile, Department } from '../../src/contracts/main/workspace.contract';
import type {
  AuthApi,
  CodeChannel,
  CodeRequestResult,
  ResetPasswordResult,
  SignInResult,
} from '../../src/application/auth/auth-api.port';
import { ApiError } from '../../src/application/shared/api-error';
import { refuse } from '../../src/application/shared/refusal';
import type { OrganisationApi } from '../../src/application/shared/main-reads.port';
import type { SessionStore } from '../../src/application/shared/session-store.port';
import type { SiteInfo } from '../../src/application/shared/site';

export const ACME_SITE: SiteInfo = {
  currentHost: 'acme.localhost:8080',
  mainHost: 'localhost:8080',
  protocol: 'http:',
  isMainSite: false,
};
export const MAIN_SITE: SiteInfo = { ...ACME_SITE, currentHost: 'localhost:8080', isMainSite: true };

export class FakeSessionStore implements SessionStore {
  current: string | null = null;
  token() {
    return this.current;
  }
  save(token: string) {
    this.current = token;
  }
  clear() {
    this.current = null;
  }
}

export const ADMIN: Extract<CurrentUser, { kind: 'user' }> = {
  kind: 'user',
  userId: 'u1',
  email: 'admin@acme.test',
  username: 'acme.admin',
  firstName: 'Asha',
  lastName: 'Admin',
  role: 'WORKSPACE_ADMIN',
  branchIds: ['hq'],
  departmentId: null,
  firstLogin: false,
  workspace: {
    workspaceId: 'w1',
    workspaceUrl: 'acme.localhost',
    companyName: 'Acme',
    companyLogo: null,
    backgroundColor: '#1f6feb',
    headQuarterBranchId: 'hq',
  },
};

/** An in-memory identity service: one account, one password. */
export class FakeAuthApi implements AuthApi {
  received: SignInBody[] = [];
  signedOut = 0;
  lockedFor: number | null = null;
  failWith: ApiError | null = null;

  constructor(
    private readonly account: {
      email: string;
      username: string;
      phone: string;
      password: string;
      user: CurrentUser;
    } = {
      email: 'admin@acme.test',
      username: 'acme.admin',
      phone: '+919800000010',
      password: 'correct horse battery',
      user: ADMIN,
    },
  ) {}

  async signIn(body: SignInBody): Promise<SignInResult> {
    this.received.push(body);
    if (this.lockedFor) return refuse('rate-limited', 'Too many attempts.', { retryAfterSeconds: this.lockedFor });
    const who = body.userEmail ?? body.username;
    const matches =
      (who === this.account.email || who === this.account.username) && body.userPassword === this.account.password;
    if (!matches) return refuse('signed-out', 'Wrong email or password.', { code: 'invalid-credentials' });
    return { ok: true, session: { token: 'tok-123', expiresAt: '2027-01-01T00:00:00.000Z', user: this.account.user } };
  }

  /** The codes "emailed", by request id: what the outbox would show. */
  codes = new Map<string, { email: string; code: string; used: boolean }>();
  private nextRequest = 1;

  private issue(destination: string): CodeRequestResult {
    if (this.lockedFor) return refuse('rate-limited', 'Too many requests.', { retryAfterSeconds: this.lockedFor });
    const otpRequestId = `req-${this.nextRequest++}`;
    if (destination === this.account.email || destination === this.account.phone) {
      this.codes.set(otpRequestId, { email: destination, code: String(100000 + this.nextRequest), used: false });
    }
    return { ok: true, sent: { ok: true, otpRequestId, expiresInSeconds: 600 } };
  }

  lastCode(): { requestId: string; code: string } {
    const [requestId, entry] = [...this.codes.entries()].at(-1)!;
    return { requestId, code: entry.code };
  }

  sentTo: { channel: CodeChannel; destination: string }[] = [];

  async requestSignInCode(channel: CodeChannel, destination: string) {
    this.sentTo.push({ channel, destination });
    return this.issue(destination);
  }

  async signInWithCode(
    _channel: CodeChannel,
    input: { destination: string; code: string; requestId: string },
  ): Promise<SignInResult> {
    const entry = this.codes.get(input.requestId);
    if (!entry || entry.used || entry.code !== input.code || entry.email !== input.destination)
      return refuse('signed-out', 'Wrong code.', { code: 'invalid-credentials' });
    entry.used = true;
    return { ok: true, session: { token: 'tok-code', expiresAt: '2027-01-01T00:00:00.000Z', user: this.account.user } };
  }

  async requestPasswordReset(userEmail: string) {
    return this.issue(userEmail);
  }

  async resetPassword(body: ResetPasswordBody): Promise<ResetPasswordResult> {
    const entry = this.codes.get(body.otpRequestId);
    if (!entry || entry.used || entry.code !== body.confirmationCode)
      return refuse('invalid', 'The code is not correct', { code: 'wrong-code' });
    entry.used = true;
    this.account.password = body.userNewPassword;
    return { ok: true };
  }

  async currentUser(): Promise<CurrentUser> {
    if (this.failWith) throw this.failWith;
    return this.account.user;
  }

  async updateProfile(body: UpdateProfileBody): Promise<CurrentUser> {
    const user = this.account.user;
    if (user.kind !== 'user') throw new ApiError('forbidden', 'FORBIDDEN', 'You may not do this');
    this.account.user = {
      ...user,
      firstName: body.firstName,
      lastName: body.lastName,
      ...(body.language !== undefined ? { language: body.language } : {}),
    };
    return this.account.user;
  }

  async completeFirstLogin(): Promise<CurrentUser> {
    const user = this.account.user;
    if (user.kind !== 'user') throw new ApiError('forbidden', 'FORBIDDEN', 'You may not do this');
    this.account.user = { ...user, firstLogin: false };
    return this.account.user;
  }

  async signOut(): Promise<void> {
    this.signedOut++;
  }
}

export class FakeOrganisationApi implements OrganisationApi {
  profiles = new Map<string, CompanyProfile>([
    [
      'acme.localhost:8080',
      {
        workspaceId: 'w1',
        workspaceUrl: 'acme.localhost',
        companyName: 'Acme',
        companyLogo: null,
        backgroundColor: '#1f6feb',
        socialPlatformSet: [],
        bulkSignUpEnabled: false,
      },
    ],
  ]);
  units: Branch[] = [
    { branchId: 'hq', branchName: 'Acme Headquarters', headquarter: true, backgroundColor: null, userCount: null },
    { branchId: 'pune', branchName: 'Acme Pune', headquarter: false, backgroundColor: null, userCount: null },
  ];
  departmentList: Department[] = [];

  async companyProfile(host: string) {
    return this.profiles.get(host) ?? null;
  }
  async businessUnits() {
    return this.units;
  }
  async departments() {
    return this.departmentList;
  }
}
