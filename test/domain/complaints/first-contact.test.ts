import { describe, expect, it } from 'vitest';
import { firstContactTemplate, missingFirstContact } from '../../../src/domain/complaints/first-contact';

describe('the first contact with each party of a Canadian notice (CA-02, CA-03)', () => {
  it('prefills a message that has every element, for each party', () => {
    expect(missingFirstContact('COMPLAINANT', firstContactTemplate('COMPLAINANT'))).toEqual([]);
    expect(missingFirstContact('RESPONDENT', firstContactTemplate('RESPONDENT'))).toEqual([]);
    expect(firstContactTemplate('RESPONDENT')).toContain('You are named as the responding party');
  });

  it('names each heading removed, whatever the case and spacing of those kept', () => {
    const reworded = firstContactTemplate('RESPONDENT')
      .replace('How to access the policy', 'HOW  TO ACCESS THE\nPOLICY')
      .replace('Your right to be represented:', '');
    expect(missingFirstContact('RESPONDENT', reworded).map((e) => e.key)).toEqual(['REPRESENTATION']);
    expect(missingFirstContact('COMPLAINANT', 'Hello, we got it.').map((e) => e.key)).toEqual([
      'RECEIPT',
      'POLICY',
      'STEPS',
      'REPRESENTATION',
    ]);
  });
});
