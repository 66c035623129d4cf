import { describe, expect, it } from 'vitest';
import { normalisePhoneNumber } from '../../../src/domain/auth/phone-number';

describe('phone numbers', () => {
  it('reduces a typed number to the form it is compared in', () => {
    expect(normalisePhoneNumber('+91 98000-00040')).toBe('+919800000040');
    expect(normalisePhoneNumber('(416) 555.0100')).toBe('4165550100');
  });

  it('refuses what cannot be a number', () => {
    expect(normalisePhoneNumber('call me')).toBeNull();
    expect(normalisePhoneNumber('12345')).toBeNull();
    expect(normalisePhoneNumber('+1234567890123456')).toBeNull();
  });
});
