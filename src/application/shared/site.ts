import type { RedirectContext } from '../../domain/auth/redirect';

/** Which site the app is running on: the main (marketing) site or a workspace, with the hosts involved. */
export const SiteInfo = Symbol('SiteInfo');
export interface SiteInfo extends RedirectContext {
  isMainSite: boolean;
  /** The social sign-in providers the server is configured for; when absent, the workspace setting alone decides. */
  socialSignIn?: readonly ('google' | 'microsoft')[];
}
