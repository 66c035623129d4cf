import { describe, expect, it } from 'vitest';
import { isSingleChoice } from '../../src/ui/shared/choice-or-text';

describe('a choice with one option is shown as its name, not a picker', () => {
  const pune = { value: 'pune', label: 'Acme Pune' };
  it('is text when the one option is the chosen one', () => {
    expect(isSingleChoice([pune], 'pune')).toBe(true);
  });
  it('is a picker when there is a choice, nothing chosen yet, or a value outside the options', () => {
    expect(isSingleChoice([pune, { value: 'hq', label: 'Acme Headquarters' }], 'pune')).toBe(false);
    expect(isSingleChoice([pune], undefined)).toBe(false);
    expect(isSingleChoice([pune], '')).toBe(false);
    expect(isSingleChoice([], undefined)).toBe(false);
  });
});
