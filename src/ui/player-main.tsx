import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { platformWiring } from '../infrastructure/platform.wiring';
import { sessionWiring } from '../infrastructure/session.wiring';
import { LightContainer } from '../infrastructure/light-container';
import { trainingWiring } from '../infrastructure/training.wiring';
import { factory, single } from '../infrastructure/wiring';
import { RefreshCurrentUser } from '../application/auth/refresh-current-user.use-case';
import { SignOut } from '../application/auth/sign-out.use-case';
import { SiteInfo } from '../application/shared/site';
import { FeatureFlagPoller } from '../infrastructure/flags/feature-flag-poller';
import { loadStartInput, showStartError } from './app/start-input';
import { ContainerProvider } from './shared/container-context';
import { SessionViewModel } from './shell/session.view-model';
import { SiteStatusViewModel } from './shell/site-status.view-model';
import { PlayerApp } from './training/player-app';
import { startLanguage } from './i18n/i18n';
import { followSessionLanguage } from './i18n/language-sync';
import { playerViewModelWiring } from './training/player.wiring';
import './courses/blocks/served-block.css';
import './training/player.css';

/**
 * The light entry of the course player (/training/{courseId}, player.html; the server and Vite's dev server map the
 * path to it): React, MobX and the same adapters, use cases and view-model as the app, without Ant Design, the router,
 * Inversify or reflect-metadata (a LightContainer over the same factory lists the app binds), so a learner's course
 * opens fast on a phone (target: its JavaScript at most 2x an empty React app; `npm run bench bundle`).
 */
async function start() {
  const [input] = await Promise.all([loadStartInput(), startLanguage()]);
  const container = new LightContainer(platformWiring(input), sessionWiring, trainingWiring, playerViewModelWiring, [
    single(SessionViewModel, (get) => new SessionViewModel(get(RefreshCurrentUser), get(SignOut))),
    factory(SiteStatusViewModel, (get) => new SiteStatusViewModel(get(FeatureFlagPoller), get<SiteInfo>(SiteInfo))),
  ]);
  followSessionLanguage(container.get(SessionViewModel));
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <ContainerProvider container={container}>
        <PlayerApp />
      </ContainerProvider>
    </StrictMode>,
  );
}

start().catch(showStartError);
