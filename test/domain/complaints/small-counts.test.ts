import { describe, expect, it } from 'vitest';
import { hideSmallCounts, SMALLEST_SHOWN } from '../../../src/domain/complaints/small-counts';

describe('hideSmallCounts', () => {
  it('hides every count under 3, zero included, so an empty stage and a stage of one look alike', () => {
    expect(SMALLEST_SHOWN).toBe(3);
    expect(hideSmallCounts([0, 1, 2, 3, 10])).toEqual([null, null, null, 3, 10]);
  });

  it('hides the smallest shown count too when a single hidden one could be worked out from the total', () => {
    expect(hideSmallCounts([5, 1, 4])).toEqual([5, null, null]);
    expect(hideSmallCounts([40, 0])).toEqual([null, null]);
  });

  it('leaves a column alone when nothing is hidden, or when two or more are', () => {
    expect(hideSmallCounts([3, 7])).toEqual([3, 7]);
    expect(hideSmallCounts([9, 1, 0])).toEqual([9, null, null]);
    expect(hideSmallCounts([1])).toEqual([null]);
    expect(hideSmallCounts([])).toEqual([]);
  });
});
