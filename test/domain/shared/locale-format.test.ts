import { describe, expect, it } from 'vitest';
import { appLanguageOf } from '../../../src/domain/shared/app-language';
import { formatDate, formatNumber, languageOfTag, localeFor } from '../../../src/domain/shared/locale-format';

describe('dates and numbers by the reader’s locale', () => {
  it('shows an Indian reader the day first, never the US month-first order', () => {
    expect(formatDate('2026-12-12', { locale: localeFor('ENGLISH') })).toBe('12 Dec 2026');
    expect(formatDate('2026-12-12', { locale: localeFor('HINDI') })).toMatch(/^12 \S+ 2026$/);
    expect(formatDate('2026-12-12', { locale: localeFor('FRENCH', 'CA') })).toBe('12 déc. 2026');
  });

  it('keeps a calendar day as that day in any zone, and shows a moment in the zone it is given', () => {
    expect(formatDate('2026-12-12', { locale: 'en-IN', zone: 'America/Toronto' })).toBe('12 Dec 2026');
    const lateUtc = new Date('2026-12-12T20:00:00Z');
    expect(formatDate(lateUtc, { locale: 'en-IN', zone: 'Asia/Kolkata' })).toBe('13 Dec 2026');
    expect(formatDate(lateUtc, { locale: 'en-IN', zone: 'Asia/Kolkata', time: true })).toBe('13 Dec 2026, 01:30');
  });

  it('groups numbers as the locale does', () => {
    expect(formatNumber(1234567, 'en-IN')).toBe('12,34,567');
    expect(formatNumber(12345.5, 'fr-CA')).toMatch(/^12\s345,5$/);
  });

  it('takes the person’s language, else the workspace’s, else English', () => {
    expect(appLanguageOf({ language: 'TAMIL', workspace: { defaultLanguage: 'HINDI' } })).toBe('TAMIL');
    expect(appLanguageOf({ language: null, workspace: { defaultLanguage: 'HINDI' } })).toBe('HINDI');
    expect(appLanguageOf({ workspace: {} })).toBe('ENGLISH');
    expect(languageOfTag('mr-IN')).toBe('MARATHI');
    expect(languageOfTag('de')).toBeNull();
  });
});
