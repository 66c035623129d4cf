import { ConfigProvider } from 'antd';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { bootstrap, showStartError } from './app/bootstrap';
import { routesFor } from './app/routes';
import { shellViewModels } from './app/shell.bindings';
import { ContainerProvider } from './shared/container-context';
import { appTheme } from './shared/theme';
import { startLanguage } from './i18n/i18n';
import { followSessionLanguage } from './i18n/language-sync';
import { SessionViewModel } from './shell/session.view-model';
import './styles.css';

/** The app's entry (everything but the sign-in pages, which have their own light entry: auth-main.tsx). */
async function start() {
  const [{ container, site }] = await Promise.all([bootstrap(shellViewModels), startLanguage()]);
  followSessionLanguage(container.get(SessionViewModel));
  const router = createBrowserRouter(routesFor(site.isMainSite, container));
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <ConfigProvider theme={appTheme()}>
        <ContainerProvider container={container}>
          <RouterProvider router={router} />
        </ContainerProvider>
      </ConfigProvider>
    </StrictMode>,
  );
}

start().catch(showStartError);
