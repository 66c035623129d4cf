import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { en } from '../../../src/ui/i18n/locales/en';
import { catalogue as fr } from '../../../src/ui/i18n/locales/fr';
import { catalogue as hi } from '../../../src/ui/i18n/locales/hi';
import { catalogue as kn } from '../../../src/ui/i18n/locales/kn';
import { catalogue as mr } from '../../../src/ui/i18n/locales/mr';
import { catalogue as ta } from '../../../src/ui/i18n/locales/ta';
import { catalogue as te } from '../../../src/ui/i18n/locales/te';
import { i18n, switchLanguage, tr } from '../../../src/ui/i18n/i18n';

const LANGUAGES = { hi, kn, te, ta, mr, fr } as const;
/** Words that are rightly the same as the English in that language (French "Version 2"). */
const SAME_AS_ENGLISH = new Set([
  'fr:policies.version',
  'fr:policies.documentTitle',
  'fr:player.question',
  'fr:myPolicies.versionIn',
  'fr:menu.menu',
  'fr:pdf.onePage',
  'fr:pdf.pages',
  'fr:case.tabParties',
  'fr:case.tabMessages',
  'fr:case.description',
  'fr:case.incident',
  'fr:case.incidentDate',
  'fr:case.vRace',
  'fr:case.vReligion',
]);

const flat = (c: Record<string, Record<string, string>>) =>
  Object.entries(c).flatMap(([group, words]) =>
    Object.entries(words).map(([key, text]) => [`${group}.${key}`, text] as const),
  );
const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
const english = new Map(flat(en));

describe('the catalogue of the app’s own words', () => {
  it.each(Object.entries(LANGUAGES))(
    'has in %s every English key, no other, each translated with the same placeholders',
    (tag, catalogue) => {
      const words = new Map(flat(catalogue));
      expect([...words.keys()].sort()).toEqual([...english.keys()].sort());
      for (const [key, text] of words) {
        expect(text.trim(), `${tag}:${key}`).not.toBe('');
        expect(placeholders(text), `${tag}:${key}`).toEqual(placeholders(english.get(key)!));
        if (!SAME_AS_ENGLISH.has(`${tag}:${key}`))
          expect(text, `${tag}:${key} is left in English`).not.toBe(english.get(key));
      }
    },
  );

  it('writes the Indic languages in their own scripts, not in Latin letters', () => {
    const scripts = {
      hi: /\p{Script=Devanagari}/u,
      mr: /\p{Script=Devanagari}/u,
      kn: /\p{Script=Kannada}/u,
      te: /\p{Script=Telugu}/u,
      ta: /\p{Script=Tamil}/u,
    };
    for (const [tag, script] of Object.entries(scripts)) {
      for (const [key, text] of flat(LANGUAGES[tag as keyof typeof scripts])) {
        const letters = text.replace(/\{\{\w+\}\}/g, '').replace(/\b(HR|SMS|PDF)\b/g, '');
        if (/\p{L}/u.test(letters)) expect(letters, `${tag}:${key}`).toMatch(script);
      }
    }
  });

  it('loads a language on demand, fills in the values and falls back to English for nothing', async () => {
    expect(i18n.hasResourceBundle('hi', 'translation')).toBe(false);
    await switchLanguage('HINDI');
    expect(i18n.hasResourceBundle('hi', 'translation')).toBe(true);
    expect(tr('player.next')).toBe('अगला');
    expect(tr('home.welcome', { name: 'Asha' })).toBe('स्वागत है, Asha');
    await switchLanguage('ENGLISH');
    expect(tr('player.next')).toBe('Next');
  });

  /** The screens of the employee, the player and the sign-in page take every word from the catalogue. */
  it.each([
    'src/ui/training/my-training.screen.tsx',
    'src/ui/training/training-cards.tsx',
    'src/ui/training/player.screen.tsx',
    'src/ui/training/player-app.tsx',
    'src/ui/policies/policy-reader.screen.tsx',
    'src/ui/policies/policies-to-accept.card.tsx',
    'src/ui/complaints/raise-concern.screen.tsx',
    'src/ui/shell/language-card.tsx',
    'src/ui/shell/profile.screen.tsx',
    'src/ui/shell/profile-form.tsx',
    'src/ui/auth/sign-in.screen.tsx',
    'src/ui/policies/my-policies.screen.tsx',
    'src/ui/policies/accepted-policy.screen.tsx',
    'src/ui/complaints/complaint-list.screen.tsx',
    'src/ui/shared/page-state.tsx',
    'src/ui/auth/auth-app.tsx',
    'src/ui/auth/forgot-password.screen.tsx',
    'src/ui/auth/claim-invite.screen.tsx',
    'src/ui/auth/sign-up.screen.tsx',
    'src/ui/auth/email-verify.screen.tsx',
    'src/ui/auth/light/language-picker.tsx',
    'src/ui/shared/pdf-viewer/pdf-viewer.tsx',
    'src/ui/complaints/party-case.tsx',
    'src/ui/complaints/own-reply.tsx',
    'src/ui/complaints/party-report.tsx',
    'src/ui/complaints/party-occurrence-categories.tsx',
    'src/ui/complaints/where-else-to-go.tsx',
    'src/ui/complaints/confidential-banner.tsx',
    'src/ui/complaints/occurrence-categories.tsx',
    'src/ui/complaints/former-employee-card.tsx',
  ])('leaves no English words in %s', (file) => {
    const source = readFileSync(path.resolve(import.meta.dirname, '../../..', file), 'utf8')
      // Comments say why in English; they are not shown.
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .replace(/^\s*\/\/.*$/gm, '')
      .replace(/\{\/\*[\s\S]*?\*\/\}/g, '');
    // Text between tags, and the attributes a person reads or hears.
    const text = [...source.matchAll(/>([^<>{}()=;|&]*[A-Za-z]{2,}[^<>{}()=;|&]*)</g)]
      .map((m) => m[1].trim())
      .filter((t) => !/^[:?]/.test(t)); // a ternary between two elements
    const attributes = [
      ...source.matchAll(
        /\b(title|label|aria-label|message|description|subTitle|placeholder|extra|alt|hint)="([^"]*[A-Za-z][^"]*)"/g,
      ),
    ].map((m) => `${m[1]}="${m[2]}"`);
    expect([...text, ...attributes]).toEqual([]);
  });
});
