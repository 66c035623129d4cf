import { describe, expect, it } from 'vitest';
import { appLanguageOf, languageOfTag, localeFor } from '../../../src/domain/shared/app-language';
import { formatDate, formatDateTime } from '../../../src/domain/shared/date-time';

describe('the reader’s language and its dates', () => {
  it('shows a reader of any language the day first, never the US month-first order', () => {
    expect(formatDate('2026-12-12', { locale: localeFor('ENGLISH'), zone: 'Asia/Kolkata' })).toBe('12 Dec 2026');
    expect(formatDate('2026-12-12', { locale: localeFor('HINDI'), zone: 'Asia/Kolkata' })).toMatch(/^12 \S+ 2026$/);
    expect(formatDate('2026-12-12', { locale: localeFor('FRENCH', 'CA'), zone: 'America/Toronto' })).toBe(
      '12 déc. 2026',
    );
  });

  it('keeps a calendar day as that day in any zone, and shows a moment in the zone it is given', () => {
    expect(formatDate('2026-12-12', { locale: 'en-IN', zone: 'America/Toronto' })).toBe('12 Dec 2026');
    const lateUtc = new Date('2026-12-12T20:00:00Z');
    expect(formatDate(lateUtc, { locale: 'en-IN', zone: 'Asia/Kolkata' })).toBe('13 Dec 2026');
    expect(formatDateTime(lateUtc, { locale: 'en-IN', zone: 'Asia/Kolkata' })).toBe('13 Dec 2026, 1:30 am IST');
  });

  it('takes the person’s language, else the workspace’s, else English', () => {
    expect(appLanguageOf({ language: 'TAMIL', workspace: { defaultLanguage: 'HINDI' } })).toBe('TAMIL');
    expect(appLanguageOf({ language: null, workspace: { defaultLanguage: 'HINDI' } })).toBe('HINDI');
    expect(appLanguageOf({ workspace: {} })).toBe('ENGLISH');
    expect(languageOfTag('mr-IN')).toBe('MARATHI');
    expect(languageOfTag('de')).toBeNull();
  });
});
