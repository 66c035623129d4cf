import { describe, expect, it } from 'vitest';
import { shortLabel } from '../../../src/ui/dashboard/progress-chart';

describe("the charts' axis names", () => {
  it('keeps a short name whole and cuts a long one at a word, with an ellipsis, so two names never run into each other', () => {
    expect(shortLabel('Acme Headquarters')).toBe('Acme Headquarters');
    expect(shortLabel('Respect at Work: Our Code of Conduct')).toBe('Respect at Work: Our Code of…');
    expect(shortLabel('Prevention of Sexual Harassment (POSH) Policy')).toBe('Prevention of Sexual Harassment…');
    expect(shortLabel('A'.repeat(50))).toBe(`${'A'.repeat(33)}…`);
  });
});
