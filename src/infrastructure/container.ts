import 'reflect-metadata/lite';
import { Container, ContainerModule } from 'inversify';
import { AuditApi } from '../application/audit/audit-api.port';
import { ClaimInvite } from '../application/invitations/claim-invite.use-case';
import { InvitationsApi, InviteClaimApi } from '../application/invitations/invitations-api.port';
import { AuthApi } from '../application/auth/auth-api.port';
import { RefreshCurrentUser } from '../application/auth/refresh-current-user.use-case';
import { SignIn } from '../application/auth/sign-in.use-case';
import { RequestSignInCode, SignInWithCode } from '../application/auth/code-sign-in.use-case';
import { RequestPasswordReset, ResetPassword } from '../application/auth/reset-password.use-case';
import { SignOut } from '../application/auth/sign-out.use-case';
import { SaveProfile } from '../application/auth/save-profile.use-case';
import { AccountSecurityApi } from '../application/auth/account-security.port';
import { ChangePassword } from '../application/auth/change-password.use-case';
import { SignUpApi } from '../application/auth/sign-up.port';
import { ConfirmEmail, ResendConfirmation, SignUp } from '../application/auth/sign-up.use-case';
import { ProfilePictureApi } from '../application/auth/profile-picture.port';
import { ChangeProfilePicture, RemoveProfilePicture } from '../application/auth/profile-picture.use-case';
import { FlagsApi, OrganisationApi } from '../application/shared/main-reads.port';
import { SessionStore } from '../application/shared/session-store.port';
import { SiteInfo } from '../application/shared/site';
import { RuntimeConfigKey, type RuntimeConfig } from './config/runtime-config';
import { FeatureFlagPoller } from './flags/feature-flag-poller';
import { ApiClient, CaseHttp, LearningHttp, MainHttp } from './http/api-client';
import { HttpAuditApi } from './http/main/http-audit-api';
import { HttpInvitationsApi } from './http/main/http-invitations-api';
import { HttpAuthApi } from './http/main/http-auth-api';
import { HttpAccountSecurityApi } from './http/main/http-account-security-api';
import { HttpSignUpApi } from './http/main/http-sign-up-api';
import { HttpOrganisationApi } from './http/main/http-organisation-api';
import { NavigationApi } from '../application/auth/navigation-api.port';
import { HttpNavigationApi } from './http/main/http-permissions-api';

export interface CompositionInput {
  config: RuntimeConfig;
  site: SiteInfo;
  sessions: SessionStore;
  /** What a lost session does: the browser goes to /signin. */
  onUnauthorized: () => void;
  fetch?: typeof fetch;
}

/** The composition root: the one place that knows concrete classes. */
export function createContainer(input: CompositionInput): Container {
  const container = new Container();
  container.load(platformModule(input), authModule);
  return container;
}

export type Area = 'imports' | 'courses' | 'workflows' | 'people' | 'organisation' | 'platform' | 'platformTools' | 'manual';

/**
 * Each area's adapters and use cases are bound when one of its routes is first visited, so the sign-in
 * page never downloads the workflow builder (code-split by route, DESIGN 6).
 */
export const AREA_MODULES: Record<Area, () => Promise<ContainerModule>> = {
  imports: async () => (await import('./modules/imports.module')).importsModule,
  courses: async () => (await import('./modules/courses.module')).coursesModule,
  workflows: async () => (await import('./modules/workflows.module')).workflowsModule,
  people: async () => (await import('./modules/people.module')).peopleModule,
  organisation: async () => (await import('./modules/organisation.module')).organisationModule,
  platform: async () => (await import('./modules/platform.module')).platformConsoleModule,
  platformTools: async () => (await import('./modules/platform-tools.module')).platformToolsModule,
  manual: async () => (await import('./modules/platform-tools.module')).manualModule,
};

function platformModule(input: CompositionInput): ContainerModule {
  return new ContainerModule(({ bind }) => {
    bind(SiteInfo).toConstantValue(input.site);
    bind(RuntimeConfigKey).toConstantValue(input.config);
    bind(SessionStore).toConstantValue(input.sessions);
    const client = (baseUrl: string) =>
      new ApiClient({ baseUrl, sessions: input.sessions, onUnauthorized: input.onUnauthorized, fetch: input.fetch });
    bind(MainHttp).toConstantValue(client(input.config.mainApiUrl));
    bind(LearningHttp).toConstantValue(client(input.config.learningApiUrl));
    bind(CaseHttp).toConstantValue(client(input.config.caseApiUrl));
    bind(HttpOrganisationApi).toSelf().inSingletonScope();
    bind(OrganisationApi).toService(HttpOrganisationApi);
    bind(FlagsApi).toService(HttpOrganisationApi);
    bind(FeatureFlagPoller)
      .toDynamicValue((ctx) => new FeatureFlagPoller(ctx.get<FlagsApi>(FlagsApi)))
      .inSingletonScope();
  });
}

const authModule = new ContainerModule(({ bind }) => {
  bind(AuthApi).to(HttpAuthApi).inSingletonScope();
  bind(AuditApi).to(HttpAuditApi).inSingletonScope();
  bind(NavigationApi).to(HttpNavigationApi).inSingletonScope();
  bind(HttpInvitationsApi).toSelf().inSingletonScope();
  bind(InvitationsApi).toService(HttpInvitationsApi);
  bind(InviteClaimApi).toService(HttpInvitationsApi);
  bind(ClaimInvite).toDynamicValue((ctx) => new ClaimInvite(ctx.get<InviteClaimApi>(InviteClaimApi), ctx.get<SessionStore>(SessionStore)));
  bind(SignIn).toDynamicValue(
    (ctx) => new SignIn(ctx.get<AuthApi>(AuthApi), ctx.get<SessionStore>(SessionStore), ctx.get<SiteInfo>(SiteInfo)),
  );
  bind(RequestSignInCode).toDynamicValue((ctx) => new RequestSignInCode(ctx.get<AuthApi>(AuthApi)));
  bind(SignInWithCode).toDynamicValue(
    (ctx) => new SignInWithCode(ctx.get<AuthApi>(AuthApi), ctx.get<SessionStore>(SessionStore), ctx.get<SiteInfo>(SiteInfo)),
  );
  bind(RequestPasswordReset).toDynamicValue((ctx) => new RequestPasswordReset(ctx.get<AuthApi>(AuthApi)));
  bind(ResetPassword).toDynamicValue((ctx) => new ResetPassword(ctx.get<AuthApi>(AuthApi)));
  bind(SaveProfile).toDynamicValue((ctx) => new SaveProfile(ctx.get<AuthApi>(AuthApi)));
  bind(AccountSecurityApi).to(HttpAccountSecurityApi).inSingletonScope();
  bind(ChangePassword).toDynamicValue((ctx) => new ChangePassword(ctx.get<AccountSecurityApi>(AccountSecurityApi)));
  bind(SignOut).toDynamicValue((ctx) => new SignOut(ctx.get<AuthApi>(AuthApi), ctx.get<SessionStore>(SessionStore)));
  bind(RefreshCurrentUser).toDynamicValue(
    (ctx) => new RefreshCurrentUser(ctx.get<AuthApi>(AuthApi), ctx.get<SessionStore>(SessionStore)),
  );
  bind(HttpSignUpApi).toSelf().inSingletonScope();
  bind(SignUpApi).toService(HttpSignUpApi);
  bind(ProfilePictureApi).toService(HttpSignUpApi);
  bind(SignUp).toDynamicValue((ctx) => new SignUp(ctx.get<SignUpApi>(SignUpApi)));
  bind(ConfirmEmail).toDynamicValue((ctx) => new ConfirmEmail(ctx.get<SignUpApi>(SignUpApi)));
  bind(ResendConfirmation).toDynamicValue((ctx) => new ResendConfirmation(ctx.get<SignUpApi>(SignUpApi)));
  bind(ChangeProfilePicture).toDynamicValue((ctx) => new ChangeProfilePicture(ctx.get<ProfilePictureApi>(ProfilePictureApi)));
  bind(RemoveProfilePicture).toDynamicValue((ctx) => new RemoveProfilePicture(ctx.get<ProfilePictureApi>(ProfilePictureApi)));
});
