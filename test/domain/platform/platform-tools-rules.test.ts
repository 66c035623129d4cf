import { describe, expect, it } from 'vitest';
import { allowedBy, parseAllowListEntry } from '../../../src/domain/platform/allow-list';
import { FLAG_KEY_PATTERN, workspacesToConfirm } from '../../../src/domain/platform/feature-flags';
import { looksLikePdf, manualFor } from '../../../src/domain/platform/user-manual';

describe('the platform tools rules', () => {
  it('reads an allow-list entry as an address or a whole domain, in lower case', () => {
    expect(parseAllowListEntry(' Ana.Silva@Example.COM ')).toEqual({ entry: 'ana.silva@example.com', kind: 'EMAIL' });
    expect(parseAllowListEntry('@Partner.example.org')).toEqual({ entry: '@partner.example.org', kind: 'DOMAIN' });
    for (const bad of ['', 'ana', '@', 'a@b', '@nodot', 'a..b@example.com', 'a b@example.com', '.a@example.com'])
      expect(parseAllowListEntry(bad), bad).toBeNull();
  });

  it('allows a listed address or any address of a listed domain, not of its subdomains', () => {
    const entries = ['ana@example.com', '@partner.org'];
    expect(allowedBy(entries, 'ANA@example.com')).toBe(true);
    expect(allowedBy(entries, 'bob@partner.org')).toBe(true);
    expect(allowedBy(entries, 'bob@example.com')).toBe(false);
    expect(allowedBy(entries, 'bob@eu.partner.org')).toBe(false);
  });

  it('asks only for closing flags newly switched on for a workspace', () => {
    expect(workspacesToConfirm('maintenance', [], ['acme.localhost'])).toEqual(['acme.localhost']);
    expect(workspacesToConfirm('elevateip', ['acme.localhost'], ['ACME.localhost', 'globex.localhost'])).toEqual([
      'globex.localhost',
    ]);
    expect(workspacesToConfirm('maintenance', ['acme.localhost'], [])).toEqual([]);
    expect(workspacesToConfirm('banner', [], ['acme.localhost'])).toEqual([]);
    expect(FLAG_KEY_PATTERN.test('new-flag_2')).toBe(true);
    expect(FLAG_KEY_PATTERN.test('2fast')).toBe(false);
  });

  it('knows a PDF by its first bytes, and lets a workspace’s own manual win', () => {
    expect(looksLikePdf(new TextEncoder().encode('%PDF-1.7 ...'))).toBe(true);
    expect(looksLikePdf(new TextEncoder().encode('%PDF'))).toBe(false);
    expect(looksLikePdf(new TextEncoder().encode('MZ%PDF-'))).toBe(false);
    const all = { workspaceId: null, id: 'all' };
    const own = { workspaceId: 'w1', id: 'own' };
    expect(manualFor([all, own], 'w1')).toBe(own);
    expect(manualFor([all, own], 'w2')).toBe(all);
    expect(manualFor([own], 'w2')).toBeNull();
  });
});
