import { describe, expect, it } from 'vitest';
import { inviteState, parseEmailList } from '../../../src/domain/people/email-list';

describe('a pasted list of emails', () => {
  it('splits on lines, commas and semicolons, lower-cases, drops blanks and repeats', () => {
    expect(parseEmailList('A@x.test\n b@x.test, <c@x.test>;\n\na@X.test')).toEqual({
      emails: ['a@x.test', 'b@x.test', 'c@x.test'],
      invalid: [],
    });
  });

  it('names what is not an email', () => {
    expect(parseEmailList('ok@x.test\nnot an email\nmissing@tld')).toEqual({
      emails: ['ok@x.test'],
      invalid: ['not an email', 'missing@tld'],
    });
  });
});

describe('where an invitation stands', () => {
  const now = new Date('2026-11-23T12:00:00Z');
  it('is expired at its expiry, sent when mailed, and otherwise not sent yet', () => {
    expect(inviteState({ sentAt: '2026-11-20T00:00:00Z', expiresAt: '2026-11-23T12:00:00Z' }, now)).toBe('expired');
    expect(inviteState({ sentAt: '2026-11-20T00:00:00Z', expiresAt: '2026-12-04T00:00:00Z' }, now)).toBe('sent');
    expect(inviteState({ sentAt: null, expiresAt: '2026-12-04T00:00:00Z' }, now)).toBe('not-sent');
  });
});
