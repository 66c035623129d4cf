import i18next from 'i18next';
import { observable, runInAction } from 'mobx';
import { initReactI18next } from 'react-i18next';
import type { CourseLanguage } from '../../domain/courses/course';
import { LANGUAGE_TAGS, languageOfTag, localeFor } from '../../domain/shared/app-language';
import { formatDate, formatDateTime, typedDateFormats } from '../../domain/shared/date-time';
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

/**
 * Loads the language's words (once) and switches every `useTranslation` reader to them. `remember` keeps it for the
 * next page: a person's choice is kept, a guess (the browser's language, the workspace's default) is not.
 */
export async function switchLanguage(language: CourseLanguage, remember = true): Promise<void> {
  const tag = LANGUAGE_TAGS[language];
  if (language !== 'ENGLISH' && !i18n.hasResourceBundle(tag, 'translation')) {
    const { catalogue } = await LOADERS[language]();
    i18n.addResourceBundle(tag, 'translation', catalogue);
  }
  current = language;
  try {
    if (remember) globalThis.localStorage?.setItem(STORAGE_KEY, language);
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

/** The languages offered where the workspace does not say: the six course languages (French is Canada's). */
const INDIAN_LANGUAGES: readonly CourseLanguage[] = ['ENGLISH', 'HINDI', 'KANNADA', 'TELUGU', 'TAMIL', 'MARATHI'];

/**
 * The browser's first language the app speaks among those offered (`navigator.languages`, in the person's order), or
 * null. English counts as no choice: it is most devices' setting, not the person's, so the workspace's default wins.
 */
export function browserLanguage(offered: readonly CourseLanguage[] = INDIAN_LANGUAGES): CourseLanguage | null {
  const tags = globalThis.navigator?.languages ?? [globalThis.navigator?.language ?? ''];
  for (const tag of tags) {
    const language = languageOfTag(tag);
    if (language && offered.includes(language)) return language === 'ENGLISH' ? null : language;
  }
  return null;
}

/** Starts the sign-in pages: the language kept from the last page, else the browser's (not kept). */
export async function startSignInLanguage(): Promise<void> {
  await startLanguage();
  const browser = rememberedLanguage() ? null : browserLanguage();
  if (browser) await switchLanguage(browser, false).catch(() => undefined);
}

/**
 * A first visit to a workspace's sign-in page: the person's kept choice, else the browser's language where the
 * workspace offers it, else the workspace's default language.
 */
export async function firstVisitLanguage(
  workspaceDefault: CourseLanguage | undefined,
  offered?: readonly CourseLanguage[],
): Promise<void> {
  if (rememberedLanguage()) return;
  const wanted = browserLanguage(offered) ?? workspaceDefault;
  if (wanted && wanted !== current) await switchLanguage(wanted, false).catch(() => undefined);
}

/** The languages a sign-in page offers in its picker. */
export function signInLanguages(offered?: readonly CourseLanguage[]): readonly CourseLanguage[] {
  return offered?.length ? offered : INDIAN_LANGUAGES;
}

/** The language shown now (MobX-tracked, for a picker's value). */
export function shownLanguage(): CourseLanguage {
  return languageNow.get();
}

/** The reader's language now. */
export function appLanguage(): CourseLanguage {
  return current;
}

/** The workspace's country decides the order of dates and numbers (Canada for a Canadian workspace). */
export function setCountry(value: 'IN' | 'CA'): void {
  country = value;
}

/** How a day is typed into a date field in this workspace's country (`DD/MM/YYYY` in India), the shown one first. */
export function dateInputFormats(): string[] {
  return typedDateFormats(country);
}

/** The Intl locale of the reader now (`hi-IN`, `fr-CA`). */
export function appLocale(): string {
  return localeFor(languageNow.get(), country);
}

/** How `showDate` shows a moment: in `zone` (the workspace's, when the screen has it; else the browser's), with the time of day or not. */
export interface ShowDateOptions {
  zone?: string;
  time?: boolean;
}

/**
 * A date in the reader's locale through the one date module (src/domain/shared/date-time.ts): `12 Dec 2026`, or with
 * `time` `12 Dec 2026, 4:30 pm IST`. A calendar day (`2026-12-12`) is shown as that day in any zone.
 */
export function showDate(value: Date | string, { zone, time = false }: ShowDateOptions = {}): string {
  const settings = { locale: appLocale(), zone: zone ?? Intl.DateTimeFormat().resolvedOptions().timeZone };
  return time ? formatDateTime(value, settings) : formatDate(value, settings);
}
