import i18next from 'i18next';
import { observable, runInAction } from 'mobx';
import { initReactI18next } from 'react-i18next';
import type { CourseLanguage } from '../../domain/courses/course';
import { LANGUAGE_TAGS, localeFor, formatDate, type DateFormat } from '../../domain/shared/locale-format';
import { en, type Catalogue } from './locales/en';

/**
 * The app's own words in the reader's language (docs/i18n.md): one i18next instance for the app, the sign-in pages
 * and the player. English is bundled; every other language is its own chunk, loaded (before the page shows) only by
 * those who read it, so an English reader never downloads the others.
 */
const LOADERS: Record<Exclude<CourseLanguage, 'ENGLISH'>, () => Promise<{ catalogue: Catalogue }>> = {
  HINDI: () => import('./locales/hi'),
  KANNADA: () => import('./locales/kn'),
  TELUGU: () => import('./locales/te'),
  TAMIL: () => import('./locales/ta'),
  MARATHI: () => import('./locales/mr'),
  FRENCH: () => import('./locales/fr'),
};

export const i18n = i18next.createInstance();
void i18n.use(initReactI18next).init({
  lng: 'en',
  fallbackLng: 'en',
  resources: { en: { translation: en } },
  interpolation: { escapeValue: false },
  react: { useSuspense: false },
  initAsync: false,
  returnNull: false,
});

/** Where the last language is kept, so the next page (the sign-in page, the player) opens in it at once. */
const STORAGE_KEY = 'safeplace.language';
/** Observable, so view-models' computed labels (`tr`) follow a change of language like the screens do. */
const languageNow = observable.box<CourseLanguage>('ENGLISH');
let current: CourseLanguage = 'ENGLISH';
let country: 'IN' | 'CA' = 'IN';

/** Loads the language's words (once) and switches every `useTranslation` reader to them. */
export async function switchLanguage(language: CourseLanguage): Promise<void> {
  const tag = LANGUAGE_TAGS[language];
  if (language !== 'ENGLISH' && !i18n.hasResourceBundle(tag, 'translation')) {
    const { catalogue } = await LOADERS[language]();
    i18n.addResourceBundle(tag, 'translation', catalogue);
  }
  current = language;
  try {
    globalThis.localStorage?.setItem(STORAGE_KEY, language);
  } catch {
    // Storage refused (private mode): the language still applies to this page.
  }
  if (typeof document !== 'undefined') document.documentElement.lang = tag;
  await i18n.changeLanguage(tag);
  runInAction(() => languageNow.set(current));
}

/** A word of the catalogue in the reader's language, for view-models and observer components (MobX-tracked). */
export function tr(key: string, values: Record<string, string | number> = {}): string {
  languageNow.get();
  return i18n.t(key, values);
}

/** The language the previous page used, or null on a first visit. */
export function rememberedLanguage(): CourseLanguage | null {
  try {
    const stored = globalThis.localStorage?.getItem(STORAGE_KEY);
    if (stored && stored in LANGUAGE_TAGS) return stored as CourseLanguage;
  } catch {
    // No storage: as on a first visit.
  }
  return null;
}

/** Starts an entry in the remembered language (a failed load leaves English rather than no page). */
export async function startLanguage(): Promise<void> {
  const remembered = rememberedLanguage();
  if (remembered) await switchLanguage(remembered).catch(() => undefined);
}

/** A first visit to a workspace's sign-in page speaks the workspace's default language. */
export async function firstVisitLanguage(workspaceDefault: CourseLanguage | undefined): Promise<void> {
  if (workspaceDefault && !rememberedLanguage()) await switchLanguage(workspaceDefault).catch(() => undefined);
}

/** The reader's language now. */
export function appLanguage(): CourseLanguage {
  return current;
}

/** The workspace's country decides the order of dates and numbers (Canada for a Canadian workspace). */
export function setCountry(value: 'IN' | 'CA'): void {
  country = value;
}

/** The Intl locale of the reader now (`hi-IN`, `fr-CA`). */
export function appLocale(): string {
  return localeFor(languageNow.get(), country);
}

/** A date in the reader's locale; `zone` is the workspace's time zone when it has one. */
export function showDate(value: Date | string, options: Omit<DateFormat, 'locale'> = {}): string {
  return formatDate(value, { locale: appLocale(), ...options });
}
