import { describe, expect, it } from 'vitest';
import { seesField, visibleFields } from '../../../src/domain/complaints/field-visibility';

describe('seesField (who sees each field of a complaint on a case)', () => {
  it('lets the one presiding see every field, whatever the setting', () => {
    expect(seesField('PRESIDING_OFFICER', { systemKey: null, roles: ['COMPLAINANT'] })).toBe(true);
  });

  it('follows a saved setting exactly, for members and parties alike', () => {
    const poOnly = { systemKey: null, roles: ['PRESIDING_OFFICER'] as const };
    expect(seesField('COMMITTEE_MEMBER', poOnly)).toBe(false);
    expect(seesField('COMPLAINANT', poOnly)).toBe(false);
    expect(seesField('RESPONDENT', { systemKey: null, roles: ['PRESIDING_OFFICER', 'RESPONDENT'] })).toBe(true);
    expect(seesField('EMPLOYER', { systemKey: 'INCIDENT_DETAILS', roles: ['PRESIDING_OFFICER'] })).toBe(false);
  });

  it('without a setting: the committee and the complainant see it; the respondent and employers the law’s copy only', () => {
    expect(seesField('COMMITTEE_MEMBER', { systemKey: null, roles: null })).toBe(true);
    expect(seesField('COMPLAINANT', { systemKey: 'COMPLAINANT_PHONE', roles: null })).toBe(true);
    expect(seesField('RESPONDENT', { systemKey: 'INCIDENT_DETAILS', roles: null })).toBe(true);
    expect(seesField('RESPONDENT', { systemKey: 'COMPLAINANT_EMAIL', roles: null })).toBe(false);
    expect(seesField('RESPONDENT', { systemKey: null, roles: null })).toBe(false);
    expect(seesField('EMPLOYER', { systemKey: 'INCIDENT_WITNESSES', roles: null })).toBe(true);
    expect(seesField('EMPLOYER', { systemKey: 'COMPLAINANT_NAME', roles: null })).toBe(false);
  });

  it('sorts the visible fields into the law’s (by key) and the added ones (by id)', () => {
    const seen = visibleFields('COMMITTEE_MEMBER', [
      { attributeId: 'a1', systemKey: 'INCIDENT_DETAILS', roles: null },
      { attributeId: 'a2', systemKey: 'INCIDENT_WITNESSES', roles: ['PRESIDING_OFFICER'] },
      { attributeId: 'a3', systemKey: null, roles: ['PRESIDING_OFFICER', 'COMMITTEE_MEMBER'] },
      { attributeId: 'a4', systemKey: null, roles: ['PRESIDING_OFFICER'] },
    ]);
    expect([...seen.system]).toEqual(['INCIDENT_DETAILS']);
    expect([...seen.added]).toEqual(['a3']);
  });
});
