import 'reflect-metadata/lite';
import type { Container, ContainerModule } from 'inversify';
import type { SiteInfo } from '../../application/shared/site';
import { loadRuntimeConfig } from '../../infrastructure/config/runtime-config';
import { createContainer } from '../../infrastructure/container';
import { CookieSessionStore } from '../../infrastructure/session/cookie-session-store';

/**
 * What both entries (the app, and the light sign-in pages) start with: runtime config, site, container, and the
 * entry's own view-models (the sign-in pages bind only theirs, so they do not download the shell's).
 */
export async function bootstrap(viewModels: ContainerModule): Promise<{ container: Container; site: SiteInfo }> {
  const config = await loadRuntimeConfig();
  const port = window.location.port ? `:${window.location.port}` : '';
  const site: SiteInfo = {
    currentHost: window.location.host,
    mainHost: `${config.mainHost}${port}`,
    protocol: window.location.protocol === 'https:' ? 'https:' : 'http:',
    isMainSite: window.location.hostname === config.mainHost,
    socialSignIn: config.socialSignIn,
  };
  const container = createContainer({
    config,
    site,
    sessions: new CookieSessionStore(document),
    onUnauthorized: () => {
      // Spec 8: a 401 clears the token (done by the client) and the user lands on /signin.
      if (window.location.pathname !== '/signin') window.location.assign('/signin');
    },
  });
  container.load(viewModels);
  return { container, site };
}

export function showStartError(error: unknown): void {
  const root = document.getElementById('root')!;
  root.textContent = `The app could not start: ${error instanceof Error ? error.message : String(error)}. Reload the page to try again.`;
}
