import type { CourseLanguage } from '../courses/course';

/**
 * One way to show dates and numbers (UI.md "Dates and times"): by the reader's language and the workspace's country,
 * through Intl. A country's own order, never the US month-first order for an Indian reader ("12 Dec 2026").
 */

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

const DAY_ONLY = /^\d{4}-\d{2}-\d{2}$/;

export interface DateFormat {
  locale: string;
  /** An IANA time zone (the workspace's); a calendar day (`2026-12-12`) is shown as that day whatever the zone. */
  zone?: string;
  /** Add the time of day ("12 Dec 2026, 14:05"). */
  time?: boolean;
}

/** A date as people read it: `12 Dec 2026` (en-IN), `12 दिस॰ 2026` (hi-IN), `12 déc. 2026` (fr-CA). */
export function formatDate(value: Date | string, { locale, zone, time = false }: DateFormat): string {
  const dayOnly = typeof value === 'string' && DAY_ONLY.test(value);
  const date = typeof value === 'string' ? new Date(dayOnly ? `${value}T00:00:00Z` : value) : value;
  if (Number.isNaN(date.getTime())) return String(value);
  return new Intl.DateTimeFormat(locale, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    ...(time && !dayOnly ? { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' as const } : {}),
    timeZone: dayOnly ? 'UTC' : zone,
  }).format(date);
}

/** A number in the reader's locale (`12,345.6`, `12 345,6`). */
export function formatNumber(value: number, locale: string, options?: Intl.NumberFormatOptions): string {
  return new Intl.NumberFormat(locale, options).format(value);
}
