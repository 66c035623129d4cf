import { describe, expect, it } from 'vitest';
import { checkPassword, describePasswordProblem } from '../../../src/domain/auth/password-policy';

describe('password policy (NIST SP 800-63B)', () => {
  it('asks for 15 characters by default, counting characters as people see them', () => {
    expect(checkPassword('short one')).toEqual({ reason: 'too-short', minimum: 15 });
    expect(checkPassword('नमस्ते दुनिया की')).not.toEqual(expect.objectContaining({ reason: 'too-short' }));
  });

  it('lets a workspace lower the minimum, never below 8', () => {
    expect(checkPassword('plum tree', { minimumLength: 8 })).toBeNull();
    expect(checkPassword('seven77', { minimumLength: 4 })).toEqual({ reason: 'too-short', minimum: 8 });
  });

  it('has no composition rules: four lower-case words are fine', () => {
    expect(checkPassword('violet lantern orbit meadow')).toBeNull();
  });

  it('refuses common and breached passwords, whatever their spacing or case', () => {
    expect(checkPassword('Password123', { minimumLength: 8 })).toEqual({ reason: 'common' });
    expect(checkPassword('correct horse battery staple')).toEqual({ reason: 'common' });
    expect(checkPassword('qwertyqwertyqwerty'.slice(0, 12), { minimumLength: 8 })).toEqual({ reason: 'common' });
  });

  it('refuses repetition', () => {
    expect(checkPassword('aaaaaaaaaaaaaaaaab')).toEqual({ reason: 'repetitive' });
  });

  it('refuses passwords that are mostly the product, workspace or user name', () => {
    expect(checkPassword('Acme-acme-acme-1', { minimumLength: 8, words: ['Acme'] })).toEqual({
      reason: 'context',
      word: 'Acme',
    });
    expect(checkPassword('esha.employee.2026', { words: ['esha.employee@acme.test'] })).toMatchObject({
      reason: 'context',
    });
    expect(checkPassword('acme violet lantern orbit', { words: ['Acme'] })).toBeNull();
  });

  it('allows long passwords and says why a password is refused', () => {
    expect(
      checkPassword('x'.repeat(10) + ' many words in a long passphrase that is still well under the limit'),
    ).toBeNull();
    expect(checkPassword('y'.repeat(200))).toEqual({ reason: 'too-long', maximum: 128 });
    expect(describePasswordProblem({ reason: 'too-short', minimum: 15 })).toContain('at least 15 characters');
  });
});
