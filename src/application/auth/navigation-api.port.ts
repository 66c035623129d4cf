import type { NavigationV3 } from '../../contracts/main/permissions.contract';

/** The caller's menu as the server computes it (role, permissions, module switches). Workspace hosts only. */
export const NavigationApi = Symbol('NavigationApi');
export interface NavigationApi {
  /** @read */
  navigation(): Promise<NavigationV3>;
}
