import 'reflect-metadata/lite';
import { Container, ContainerModule } from 'inversify';
import { AuditApi } from '../application/audit/audit-api.port';
import { InvitationsApi } from '../application/invitations/invitations-api.port';
import { AuthApi } from '../application/auth/auth-api.port';
import { ChooseLanguage } from '../application/auth/choose-language.use-case';
import { SaveProfile } from '../application/auth/save-profile.use-case';
import { AccountSecurityApi } from '../application/auth/account-security.port';
import { ChangePassword } from '../application/auth/change-password.use-case';
import { ProfilePictureApi } from '../application/auth/profile-picture.port';
import { ChangeProfilePicture, RemoveProfilePicture } from '../application/auth/profile-picture.use-case';
import { NavigationApi } from '../application/auth/navigation-api.port';
import { authWiring } from './auth.wiring';
import { platformWiring, type CompositionInput } from './platform.wiring';
import { HttpAuditApi } from './http/main/http-audit-api';
import { HttpInvitationsApi } from './http/main/http-invitations-api';
import { HttpAccountSecurityApi } from './http/main/http-account-security-api';
import { HttpSignUpApi } from './http/main/http-sign-up-api';
import { HttpNavigationApi } from './http/main/http-permissions-api';
import { wiringModule } from './inversify-wiring';

export type { CompositionInput } from './platform.wiring';
export { bindWiring, wiringModule } from './inversify-wiring';

/** The composition root: the one place that knows concrete classes. */
export function createContainer(input: CompositionInput): Container {
  const container = new Container();
  container.load(wiringModule(platformWiring(input)), wiringModule(authWiring), authModule);
  return container;
}

export type Area =
  | 'imports'
  | 'courses'
  | 'training'
  | 'workflows'
  | 'complaints'
  | 'people'
  | 'organisation'
  | 'platform'
  | 'platformTools'
  | 'manual'
  | 'policies'
  | 'reports';

/**
 * Each area's adapters and use cases are bound when one of its routes is first visited, so the sign-in
 * page never downloads the workflow builder (code-split by route, DESIGN 6).
 */
export const AREA_MODULES: Record<Area, () => Promise<ContainerModule>> = {
  imports: async () => (await import('./modules/imports.module')).importsModule,
  courses: async () => (await import('./modules/courses.module')).coursesModule,
  training: async () => (await import('./modules/training.module')).trainingModule,
  workflows: async () => (await import('./modules/workflows.module')).workflowsModule,
  complaints: async () => (await import('./modules/complaints.module')).complaintsModule,
  people: async () => (await import('./modules/people.module')).peopleModule,
  organisation: async () => (await import('./modules/organisation.module')).organisationModule,
  platform: async () => (await import('./modules/platform.module')).platformConsoleModule,
  platformTools: async () => (await import('./modules/platform-tools.module')).platformToolsModule,
  manual: async () => (await import('./modules/platform-tools.module')).manualModule,
  policies: async () => (await import('./modules/policies.module')).policiesModule,
  reports: async () => (await import('./modules/reports.module')).reportsModule,
};

const authModule = new ContainerModule(({ bind }) => {
  bind(AuditApi).to(HttpAuditApi).inSingletonScope();
  bind(NavigationApi).to(HttpNavigationApi).inSingletonScope();
  bind(InvitationsApi).to(HttpInvitationsApi).inSingletonScope();
  bind(SaveProfile).toDynamicValue((ctx) => new SaveProfile(ctx.get<AuthApi>(AuthApi)));
  bind(ChooseLanguage).toDynamicValue((ctx) => new ChooseLanguage(ctx.get<AuthApi>(AuthApi)));
  bind(AccountSecurityApi).to(HttpAccountSecurityApi).inSingletonScope();
  bind(ChangePassword).toDynamicValue((ctx) => new ChangePassword(ctx.get<AccountSecurityApi>(AccountSecurityApi)));
  bind(ProfilePictureApi).toDynamicValue((ctx) => ctx.get(HttpSignUpApi));
  bind(ChangeProfilePicture).toDynamicValue(
    (ctx) => new ChangeProfilePicture(ctx.get<ProfilePictureApi>(ProfilePictureApi)),
  );
  bind(RemoveProfilePicture).toDynamicValue(
    (ctx) => new RemoveProfilePicture(ctx.get<ProfilePictureApi>(ProfilePictureApi)),
  );
});
