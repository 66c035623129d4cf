import type { CourseLanguage } from '../courses/course';

/** What a person's app language is decided from: their own choice and their workspace's (docs/i18n.md). */
export interface LanguageSettings {
  language?: CourseLanguage | null;
  workspace: { defaultLanguage?: CourseLanguage; languages?: CourseLanguage[]; country?: 'IN' | 'CA' };
}

/** The person's choice, else the workspace's default, else English. */
export function appLanguageOf(user: LanguageSettings): CourseLanguage {
  return user.language ?? user.workspace.defaultLanguage ?? 'ENGLISH';
}

/** BCP 47 language subtags of the app's languages (for `lang` attributes and Intl). */
export const LANGUAGE_TAGS: Record<CourseLanguage, string> = {
  ENGLISH: 'en',
  HINDI: 'hi',
  KANNADA: 'kn',
  TELUGU: 'te',
  TAMIL: 'ta',
  MARATHI: 'mr',
  FRENCH: 'fr',
};

/** Each language in its own name, as language pickers show them (the same whatever the reader's language). */
export const LANGUAGE_AUTONYMS: Record<CourseLanguage, string> = {
  ENGLISH: 'English',
  HINDI: 'हिन्दी',
  KANNADA: 'ಕನ್ನಡ',
  TELUGU: 'తెలుగు',
  TAMIL: 'தமிழ்',
  MARATHI: 'मराठी',
  FRENCH: 'Français',
};

/** The language whose tag this is, or null (`hi-IN` -> HINDI). */
export function languageOfTag(tag: string | null | undefined): CourseLanguage | null {
  const base = (tag ?? '').toLowerCase().split('-')[0];
  const found = (Object.entries(LANGUAGE_TAGS) as [CourseLanguage, string][]).find(([, t]) => t === base);
  return found ? found[0] : null;
}

/** The Intl locale of a reader: their language in their workspace's country (India unless told: the first market). */
export function localeFor(language: CourseLanguage, country: 'IN' | 'CA' = 'IN'): string {
  return `${LANGUAGE_TAGS[language]}-${country}`;
}
