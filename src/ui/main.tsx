import 'reflect-metadata';
import { ConfigProvider } from 'antd';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { createContainer } from '../infrastructure/container';
import { loadRuntimeConfig } from '../infrastructure/config/runtime-config';
import { CookieSessionStore } from '../infrastructure/session/cookie-session-store';
import type { SiteInfo } from '../application/shared/site';
import { routesFor } from './app/routes';
import { shellViewModels } from './app/view-models';
import { ContainerProvider } from './shared/container-context';
import './styles.css';

async function start() {
  const config = await loadRuntimeConfig();
  const port = window.location.port ? `:${window.location.port}` : '';
  const site: SiteInfo = {
    currentHost: window.location.host,
    mainHost: `${config.mainHost}${port}`,
    protocol: window.location.protocol === 'https:' ? 'https:' : 'http:',
    isMainSite: window.location.hostname === config.mainHost,
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
  container.load(shellViewModels);
  const router = createBrowserRouter(routesFor(site.isMainSite, container));
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <ConfigProvider theme={{ token: { colorPrimary: '#1f6feb', borderRadius: 6 } }}>
        <ContainerProvider container={container}>
          <RouterProvider router={router} />
        </ContainerProvider>
      </ConfigProvider>
    </StrictMode>,
  );
}

start().catch((error: unknown) => {
  const root = document.getElementById('root')!;
  root.textContent = `The app could not start: ${error instanceof Error ? error.message : String(error)}`;
});
