import { inject, injectable } from 'inversify';
import {
  allPermissions,
  navigationV3,
  updatePermissions,
  type NavigationV3,
  type PermissionMatrix,
} from '../../../contracts/main/permissions.contract';
import type { NavigationApi } from '../../../application/auth/navigation-api.port';
import type { PermissionsApi } from '../../../application/organisation/permissions.use-cases';
import type { EditableRole, PermissionKey } from '../../../domain/auth/permissions';
import { ApiClient, MainHttp } from '../api-client';

@injectable()
export class HttpNavigationApi implements NavigationApi {
  constructor(@inject(MainHttp) private readonly main: ApiClient) {}

  navigation(): Promise<NavigationV3> {
    return this.main.call(navigationV3);
  }
}

@injectable()
export class HttpPermissionsApi implements PermissionsApi {
  constructor(@inject(MainHttp) private readonly main: ApiClient) {}

  all(): Promise<PermissionMatrix> {
    return this.main.call(allPermissions);
  }

  update(input: {
    role: EditableRole;
    permissions: Partial<Record<PermissionKey, boolean>>;
  }): Promise<PermissionMatrix> {
    return this.main.call(updatePermissions, { body: input });
  }
}
