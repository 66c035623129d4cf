import { describe, expect, it } from 'vitest';
import { nextBatchSize, PGLITE_BATCH_TARGET_MS } from '../../../server/main/imports/import-runner';

/** Batches on the embedded database are sized by time, so that no request waits long behind one (docs/imports.md). */
describe('the next import batch on the embedded database', () => {
  it('starts small, before any time per row is known', () => {
    expect(nextBatchSize(0, 0, 5000)).toBe(100);
    expect(nextBatchSize(0, 0, 40)).toBe(40);
  });

  it('fits as many rows as the last batch’s time per row allows into the target', () => {
    // 100 rows in 1 s (10 ms a row, a batch that mails invitations): 20 rows make 200 ms.
    expect(nextBatchSize(100, 1000, 5000)).toBe(Math.floor((PGLITE_BATCH_TARGET_MS * 100) / 1000));
    // 100 rows in 20 ms: 1,000 rows.
    expect(nextBatchSize(100, 20, 5000)).toBe(1000);
  });

  it('stays between the smallest batch and the configured size', () => {
    expect(nextBatchSize(100, 100_000, 5000)).toBe(20);
    expect(nextBatchSize(100, 1, 5000)).toBe(5000);
    // A configured size below the smallest batch is kept as it is (tests count batches of 10).
    expect(nextBatchSize(10, 100_000, 10)).toBe(10);
  });
});
