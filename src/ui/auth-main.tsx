import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { bootstrap, showStartError } from './app/bootstrap';
import { AuthApp } from './auth/auth-app';
import { authViewModels } from './auth/auth.bindings';
import { ContainerProvider } from './shared/container-context';
import './auth/light/auth.css';

/**
 * The light entry of the sign-in pages (/signin, /forgot-password): React, MobX and the same use cases and
 * view-models as the app, without Ant Design or the router, so the first page anyone sees loads fast.
 */
async function start() {
  const { container } = await bootstrap(authViewModels);
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <ContainerProvider container={container}>
        <AuthApp />
      </ContainerProvider>
    </StrictMode>,
  );
}

start().catch(showStartError);
