import { describe, expect, it } from 'vitest';
import {
  hasStake,
  identifierIn,
  mayUseRoster,
  nextFromRoster,
  partyIdentifiers,
  recommendationsOutstanding,
  rosterFrom,
} from '../../../src/domain/complaints/investigation';

const roster = [
  { id: 'a', email: 'ann@inv.test', position: 1, active: true },
  { id: 'b', email: 'bob@inv.test', position: 2, active: true },
  { id: 'c', email: 'cat@inv.test', position: 3, active: false },
  { id: 'd', email: 'dan@inv.test', position: 4, active: true },
];

describe('the roster after 60 days (CA-05)', () => {
  it('opens on the 60th day after the proposal, not before', () => {
    expect(rosterFrom('2026-01-01')).toBe('2026-03-02');
    expect(mayUseRoster('2026-01-01', '2026-03-01')).toBe(false);
    expect(mayUseRoster('2026-01-01', '2026-03-02')).toBe(true);
  });

  it('chooses round robin after the last chosen, skipping the inactive, wrapping round', () => {
    const none = () => false;
    expect(nextFromRoster(roster, null, none)?.id).toBe('a');
    expect(nextFromRoster(roster, 1, none)?.id).toBe('b');
    expect(nextFromRoster(roster, 2, none)?.id).toBe('d');
    expect(nextFromRoster(roster, 4, none)?.id).toBe('a');
  });

  it('skips anyone with a stake in the case, and answers nobody when all have one', () => {
    const stakes = { emails: ['BOB@inv.test', null], userIds: [] };
    expect(nextFromRoster(roster, 1, (r) => hasStake(r, stakes))?.id).toBe('d');
    expect(nextFromRoster(roster, 1, () => true)).toBeNull();
    expect(nextFromRoster([], null, () => false)).toBeNull();
  });

  it('sees a stake by address or by account', () => {
    expect(hasStake({ email: 'x@y.test', userId: 'u1' }, { emails: [], userIds: ['u1'] })).toBe(true);
    expect(hasStake({ email: ' X@Y.test ' }, { emails: ['x@y.test'], userIds: [] })).toBe(true);
    expect(hasStake({ email: 'x@y.test', userId: null }, { emails: [null], userIds: [null] })).toBe(false);
  });
});

describe("the investigator's report carries no identifier (CA-06)", () => {
  const ids = partyIdentifiers({
    names: ['Esha Employee', 'Rahul Ro', null],
    emails: ['esha@acme.test'],
    employeeIds: ['EMP-042', null],
  });

  it('knows the names whole and by part, the emails and the employee ids', () => {
    expect(ids).toEqual(['Esha Employee', 'Esha', 'Employee', 'Rahul Ro', 'Rahul', 'esha@acme.test', 'EMP-042']);
  });

  it('finds an identifier as a whole word, whatever the case, and nothing else', () => {
    expect(identifierIn('The respondent, rahul, said so.', ids)).toBe('Rahul');
    expect(identifierIn('Write to ESHA@ACME.TEST', ids)).toBe('Esha');
    expect(identifierIn('Badge emp-042 was used', ids)).toBe('EMP-042');
    expect(identifierIn('The principal party was credible; Rahulson is another person.', ids)).toBeNull();
    expect(identifierIn('Employees were interviewed.', ids)).toBeNull();
  });

  it('counts the recommendations chosen and not yet implemented', () => {
    expect(
      recommendationsOutstanding([
        { chosen: true, implementedOn: null },
        { chosen: true, implementedOn: '2026-02-01' },
        { chosen: false, implementedOn: null },
      ]),
    ).toBe(1);
  });
});
