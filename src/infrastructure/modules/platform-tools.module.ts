import { ContainerModule } from 'inversify';
import { RemoveFromAllowList } from '../../application/platform-tools/remove-from-allow-list.use-case';
import { AddToAllowList, ImportAllowList } from '../../application/platform-tools/allow-list.use-cases';
import {
  CreateFeatureFlag,
  DeleteFeatureFlag,
  SetFeatureFlagWorkspaces,
  UpdateFeatureFlagValue,
} from '../../application/platform-tools/feature-flags.use-cases';
import { SaveIpRanges } from '../../application/platform-tools/ip-ranges.use-case';
import {
  AllowListApi,
  FlagAdminApi,
  IpRangesApi,
  PlatformUsersApi,
  UserManualApi,
  WorkspaceDirectory,
} from '../../application/platform-tools/platform-tools-api.port';
import { FindUserRecord, UpdateWorkspaceUser } from '../../application/platform-tools/platform-users.use-cases';
import { PublishUserManual } from '../../application/platform-tools/user-manual.use-cases';
import {
  HttpAllowListApi,
  HttpFlagAdminApi,
  HttpIpRangesApi,
  HttpPlatformUsersApi,
  HttpUserManualApi,
  HttpWorkspaceDirectory,
} from '../http/main/http-platform-tools-api';

/** Bindings of the platform admin's tools: adapters and use cases (factory bindings). */
export const platformToolsModule = new ContainerModule(({ bind, isBound }) => {
  bind(WorkspaceDirectory).to(HttpWorkspaceDirectory).inSingletonScope();
  bind(FlagAdminApi).to(HttpFlagAdminApi).inSingletonScope();
  bind(IpRangesApi).to(HttpIpRangesApi).inSingletonScope();
  if (!isBound(UserManualApi)) bind(UserManualApi).to(HttpUserManualApi).inSingletonScope();
  bind(AllowListApi).to(HttpAllowListApi).inSingletonScope();
  bind(PlatformUsersApi).to(HttpPlatformUsersApi).inSingletonScope();
  bind(RemoveFromAllowList).toDynamicValue((ctx) => new RemoveFromAllowList(ctx.get<AllowListApi>(AllowListApi)));
  bind(CreateFeatureFlag).toDynamicValue((ctx) => new CreateFeatureFlag(ctx.get<FlagAdminApi>(FlagAdminApi)));
  bind(UpdateFeatureFlagValue).toDynamicValue((ctx) => new UpdateFeatureFlagValue(ctx.get<FlagAdminApi>(FlagAdminApi)));
  bind(SetFeatureFlagWorkspaces).toDynamicValue(
    (ctx) => new SetFeatureFlagWorkspaces(ctx.get<FlagAdminApi>(FlagAdminApi)),
  );
  bind(DeleteFeatureFlag).toDynamicValue((ctx) => new DeleteFeatureFlag(ctx.get<FlagAdminApi>(FlagAdminApi)));
  bind(SaveIpRanges).toDynamicValue((ctx) => new SaveIpRanges(ctx.get<IpRangesApi>(IpRangesApi)));
  bind(PublishUserManual).toDynamicValue((ctx) => new PublishUserManual(ctx.get<UserManualApi>(UserManualApi)));
  bind(AddToAllowList).toDynamicValue((ctx) => new AddToAllowList(ctx.get<AllowListApi>(AllowListApi)));
  bind(ImportAllowList).toDynamicValue((ctx) => new ImportAllowList(ctx.get<AllowListApi>(AllowListApi)));
  bind(FindUserRecord).toDynamicValue((ctx) => new FindUserRecord(ctx.get<PlatformUsersApi>(PlatformUsersApi)));
  bind(UpdateWorkspaceUser).toDynamicValue(
    (ctx) => new UpdateWorkspaceUser(ctx.get<PlatformUsersApi>(PlatformUsersApi)),
  );
});

/** The workspace's own reader of the user manual (every role). */
export const manualModule = new ContainerModule(({ bind, isBound }) => {
  if (!isBound(UserManualApi)) bind(UserManualApi).to(HttpUserManualApi).inSingletonScope();
});
