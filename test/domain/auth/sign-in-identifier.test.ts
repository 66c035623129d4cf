import { describe, expect, it } from 'vitest';
import { looksLikeEmail, signInIdentifier } from '../../../src/domain/auth/sign-in-identifier';

describe('sign-in identifier', () => {
  it('sends an email-looking identifier as userEmail, trimmed and lower-cased', () => {
    expect(signInIdentifier('  Admin@Acme.Test ')).toEqual({ userEmail: 'admin@acme.test' });
  });

  it('sends anything else as username', () => {
    expect(signInIdentifier('acme.admin')).toEqual({ username: 'acme.admin' });
    expect(signInIdentifier('asha@acme')).toEqual({ username: 'asha@acme' });
  });

  it.each(['a@b.co', 'first.last+tag@sub.example.org'])('%s looks like an email', (value) => {
    expect(looksLikeEmail(value)).toBe(true);
  });

  it.each(['plain', 'a b@c.de', '@acme.test', 'a@b'])('%s does not', (value) => {
    expect(looksLikeEmail(value)).toBe(false);
  });
});
