import { describe, expect, it } from 'vitest';
import {
  compositionWarnings,
  presidingForCase,
  quorumPossible,
  type Committee,
  type CommitteeMember,
} from '../../../src/domain/complaints/committee';

const member = (
  id: string,
  role: CommitteeMember['role'],
  gender: CommitteeMember['gender'],
  senior = false,
): CommitteeMember => ({
  id,
  name: id,
  role,
  gender,
  senior,
});

const sound: Committee = {
  termStart: '2025-01-01',
  termEnd: '2027-12-31',
  members: [
    member('po', 'PRESIDING_OFFICER', 'WOMAN', true),
    member('e1', 'EMPLOYEE_MEMBER', 'MAN'),
    member('e2', 'EMPLOYEE_MEMBER', 'WOMAN'),
    member('x', 'EXTERNAL_MEMBER', 'MAN'),
  ],
};

const codes = (committee: Committee, today = '2026-06-01') => compositionWarnings(committee, today).map((w) => w.code);

describe('IN-02: Internal Committee composition', () => {
  it('a committee that meets every rule has no warning', () => {
    expect(codes(sound)).toEqual([]);
  });

  it('warns on a presiding officer who is not a senior woman, or none', () => {
    const man = { ...sound, members: [member('po', 'PRESIDING_OFFICER', 'MAN'), ...sound.members.slice(1)] };
    expect(codes(man)).toEqual(['PRESIDING_OFFICER_NOT_A_WOMAN', 'PRESIDING_OFFICER_NOT_SENIOR', 'TOO_FEW_WOMEN']);
    expect(codes({ ...sound, members: sound.members.slice(1) })).toContain('NO_PRESIDING_OFFICER');
  });

  it('warns on fewer than 2 employee members, no external member, and fewer than half women', () => {
    const small = { ...sound, members: [sound.members[0], sound.members[1]] };
    expect(codes(small)).toEqual(['TOO_FEW_EMPLOYEE_MEMBERS', 'NO_EXTERNAL_MEMBER']);
    const men = { ...sound, members: [...sound.members, member('e3', 'EMPLOYEE_MEMBER', 'MAN')] };
    expect(compositionWarnings(men, '2026-06-01')).toEqual([
      { code: 'TOO_FEW_WOMEN', message: 'At least half the members must be women; 2 of 5 are.' },
    ]);
  });

  it('warns on a term over 3 years, a term ending within 60 days, and one that has ended', () => {
    expect(codes({ ...sound, termEnd: '2028-01-01' })).toEqual(['TERM_TOO_LONG']);
    expect(codes(sound, '2027-11-01')).toEqual(['TERM_ENDS_SOON']);
    expect(codes(sound, '2028-01-01')).toEqual(['TERM_ENDED']);
  });
});

describe('recusal', () => {
  it('the presiding officer presides unless recused; then the member named for the case, never an external one', () => {
    expect(presidingForCase(sound, new Set(), null)).toEqual({ memberId: 'po', substitute: false });
    expect(presidingForCase(sound, new Set(['po']), 'e2')).toEqual({ memberId: 'e2', substitute: true });
    expect(presidingForCase(sound, new Set(['po']), 'x')).toBeNull();
    expect(presidingForCase(sound, new Set(['po', 'e2']), 'e2')).toBeNull();
  });

  it('says when recusals leave too few members for a quorum of 3', () => {
    expect(quorumPossible(sound, new Set(['e1']))).toBe(true);
    expect(quorumPossible(sound, new Set(['e1', 'e2']))).toBe(false);
  });
});

describe('CA-01: designated recipients, and members who are parties', () => {
  it('needs at least one designated recipient and warns of an ending designation', async () => {
    const { designatedRecipientWarnings } = await import('../../../src/domain/complaints/committee');
    expect(
      designatedRecipientWarnings({ termEnd: '2027-01-01', members: [] }, '2026-06-01').map((w) => w.code),
    ).toEqual(['NO_DESIGNATED_RECIPIENT']);
    expect(
      designatedRecipientWarnings(
        { termEnd: '2027-01-01', members: [{ name: 'Gabe', role: 'DESIGNATED_RECIPIENT' }] },
        '2026-06-01',
      ),
    ).toEqual([]);
    expect(
      designatedRecipientWarnings(
        { termEnd: '2026-06-20', members: [{ name: 'Gabe', role: 'PRESIDING_OFFICER' }] },
        '2026-06-01',
      ).map((w) => w.code),
    ).toEqual(['NOT_A_RECIPIENT', 'TERM_ENDS_SOON']);
  });

  it('finds the members who are a party: filer, respondent by account or by address', async () => {
    const { membersWhoAreParties } = await import('../../../src/domain/complaints/committee');
    const members = [
      { userId: 'po', email: 'PO@acme.test' },
      { userId: 'm1', email: 'm1@acme.test' },
      { userId: 'm2', email: 'm2@acme.test' },
    ];
    expect(
      membersWhoAreParties(members, { complainantUserId: 'm1', respondentUserId: null, emails: [' po@ACME.test '] }),
    ).toEqual(['po', 'm1']);
    expect(membersWhoAreParties(members, { complainantUserId: 'x', respondentUserId: 'm2', emails: [null] })).toEqual([
      'm2',
    ]);
  });
});
