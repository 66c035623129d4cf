import { describe, expect, it } from 'vitest';
import { EmailSet } from '../../../server/main/imports/email-set';

describe('EmailSet (the duplicate-in-file check)', () => {
  it('finds an email seen before, and only the exact same one', () => {
    const seen = new EmailSet();
    expect(seen.add('ana@example.test')).toBe(true);
    expect(seen.add('ana@example.test')).toBe(false);
    expect(seen.add('ana@acme.tes')).toBe(true);
    expect(seen.add('ana@example.test ')).toBe(true);
    expect(seen.has('ana@example.test')).toBe(true);
    expect(seen.has('bob@example.test')).toBe(false);
    expect(seen.size).toBe(3);
  });

  it('keeps 70,000 emails across its pieces and rehashes, with no false duplicate and every repeat found', () => {
    const seen = new EmailSet();
    const count = 70_000;
    let added = 0;
    for (let i = 0; i < count; i++) if (seen.add(`person.${i}@example-${i % 97}.test`)) added++;
    expect(added).toBe(count);
    expect(seen.size).toBe(count);
    let repeats = 0;
    for (let i = 0; i < count; i += 7) if (!seen.add(`person.${i}@example-${i % 97}.test`)) repeats++;
    expect(repeats).toBe(Math.ceil(count / 7));
    expect(seen.has(`person.${count}@example-${count % 97}.test`)).toBe(false);
  });

  it('compares non-ASCII emails by their bytes, and keeps cells far longer than an email', () => {
    const seen = new EmailSet();
    expect(seen.add('zoë@example.test')).toBe(true);
    expect(seen.add('zoe@example.test')).toBe(true);
    expect(seen.add('zoë@example.test')).toBe(false);
    const long = 'x'.repeat(70_000);
    expect(seen.add(long)).toBe(true);
    expect(seen.add(long)).toBe(false);
    expect(seen.add(`${long}y`)).toBe(true);
    expect(seen.has(long)).toBe(true);
  });
});
