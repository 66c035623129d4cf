import { observer } from 'mobx-react-lite';
import { useId } from 'react';
import type { CourseLanguage } from '../../../domain/courses/course';
import { LANGUAGE_AUTONYMS, LANGUAGE_TAGS } from '../../../domain/shared/app-language';
import { shownLanguage, signInLanguages, switchLanguage, tr } from '../../i18n/i18n';

/**
 * The sign-in page's language, chosen before anyone is signed in: each language named in its own script, so a reader
 * finds theirs whatever the page speaks now. The choice is kept for the next pages (until the person's profile says
 * otherwise once signed in).
 */
export const LanguagePicker = observer(function LanguagePicker({ offered }: { offered?: readonly CourseLanguage[] }) {
  const id = useId();
  return (
    <div
      className="auth-language"
      style={{ display: 'flex', gap: 8, alignItems: 'center', justifyContent: 'flex-end', flexWrap: 'wrap' }}
    >
      <label htmlFor={id} style={{ fontSize: 14, color: 'var(--muted)' }}>
        {tr('access.pageLanguage')}
      </label>
      <select
        id={id}
        style={{ font: 'inherit', fontSize: 14, minHeight: 32, padding: '2px 8px', borderRadius: 6 }}
        value={shownLanguage()}
        onChange={(e) => void switchLanguage(e.target.value as CourseLanguage).catch(() => undefined)}
      >
        {signInLanguages(offered).map((language) => (
          <option key={language} value={language} lang={LANGUAGE_TAGS[language]}>
            {LANGUAGE_AUTONYMS[language]}
          </option>
        ))}
      </select>
    </div>
  );
});
