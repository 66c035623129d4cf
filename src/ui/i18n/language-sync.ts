import { reaction } from 'mobx';
import { appLanguageOf } from '../../domain/shared/app-language';
import type { SessionViewModel } from '../shell/session.view-model';
import { setCountry, switchLanguage } from './i18n';

/**
 * Keeps the page in the signed-in person's language: their choice, else their workspace's default. Runs from each
 * entry (the app, the player), so a choice saved on the profile applies at once, everywhere.
 */
export function followSessionLanguage(session: SessionViewModel): () => void {
  return reaction(
    () => {
      const user = session.workspaceUser;
      return user ? { language: appLanguageOf(user), country: user.workspace.country ?? 'IN' } : null;
    },
    (wanted) => {
      if (!wanted) return;
      setCountry(wanted.country);
      void switchLanguage(wanted.language).catch(() => undefined);
    },
    { fireImmediately: true, equals: (a, b) => JSON.stringify(a) === JSON.stringify(b) },
  );
}
