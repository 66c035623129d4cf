import type { SiteInfo } from '../../application/shared/site';
import type { CompositionInput } from '../../infrastructure/platform.wiring';
import { loadRuntimeConfig } from '../../infrastructure/config/runtime-config';
import { CookieSessionStore } from '../../infrastructure/session/cookie-session-store';

/**
 * What both entries (the app, and the light sign-in pages) start from: the runtime config, the site and the session
 * store. No container here: the app builds its Inversify one (./bootstrap.ts), the sign-in pages a LightContainer.
 */
export async function loadStartInput(): Promise<CompositionInput> {
  const config = await loadRuntimeConfig();
  const port = window.location.port ? `:${window.location.port}` : '';
  const site: SiteInfo = {
    currentHost: window.location.host,
    mainHost: `${config.mainHost}${port}`,
    protocol: window.location.protocol === 'https:' ? 'https:' : 'http:',
    isMainSite: window.location.hostname === config.mainHost,
    socialSignIn: config.socialSignIn,
  };
  return {
    config,
    site,
    sessions: new CookieSessionStore(document),
    onUnauthorized: () => {
      // Spec 8: a 401 clears the token (done by the client) and the user lands on /signin.
      if (window.location.pathname !== '/signin') window.location.assign('/signin');
    },
  };
}

export function showStartError(error: unknown): void {
  const root = document.getElementById('root')!;
  root.textContent = `The app could not start: ${error instanceof Error ? error.message : String(error)}. Reload the page to try again.`;
}
