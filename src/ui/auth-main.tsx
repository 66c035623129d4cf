import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { authWiring } from '../infrastructure/auth.wiring';
import { platformWiring } from '../infrastructure/platform.wiring';
import { LightContainer } from '../infrastructure/light-container';
import { loadStartInput, showStartError } from './app/start-input';
import { AuthApp } from './auth/auth-app';
import { authViewModelWiring } from './auth/auth.wiring';
import { ContainerProvider } from './shared/container-context';
import { startSignInLanguage } from './i18n/i18n';
import './auth/light/auth.css';

/**
 * The light entry of the sign-in pages (/signin, /forgot-password, /signup, /invite/{code}, /email-verify/{code}):
 * React, MobX and the same use cases and view-models as the app, without Ant Design, the router, Inversify or
 * reflect-metadata (a LightContainer over the same factory lists the app binds), so the first page anyone sees loads
 * fast. test/infrastructure/build/sign-in-entry.test.ts keeps it so.
 */
async function start() {
  const [input] = await Promise.all([loadStartInput(), startSignInLanguage()]);
  const container = new LightContainer(platformWiring(input), authWiring, authViewModelWiring);
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <ContainerProvider container={container}>
        <AuthApp />
      </ContainerProvider>
    </StrictMode>,
  );
}

start().catch(showStartError);
