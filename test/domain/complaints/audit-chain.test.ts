import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  chainHash,
  parseCaseEventLine,
  verifyChain,
  type ChainEntry,
} from '../../../src/domain/complaints/audit-chain';

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const WS = '11111111-1111-4111-8111-111111111111';
const CASE = '22222222-2222-4222-8222-222222222222';
const OTHER = '33333333-3333-4333-8333-333333333333';
const ACTOR = '44444444-4444-4444-8444-444444444444';

/** A canonical line as PostgreSQL's jsonb writes the array (", " between items). */
function line(seq: number, action: string, details: string, caseId = CASE, at = `2026-11-28T10:00:0${seq}.000000Z`) {
  const items = [
    'case-event',
    seq,
    WS,
    caseId,
    100 + seq,
    ACTOR,
    action,
    '203.0.113.9',
    at,
    sha256(new TextEncoder().encode(details)),
  ];
  return `[${items.map((x) => JSON.stringify(x)).join(', ')}]`;
}

function chain(actions: string[], caseId = CASE): ChainEntry[] {
  const out: ChainEntry[] = [];
  let prev: string | null = null;
  actions.forEach((action, i) => {
    const details = `{"n": ${i}}`;
    const l = line(i + 1, action, details, caseId);
    const hash = chainHash(prev, l, sha256);
    out.push({ seq: i + 1, line: l, prevHash: prev, hash, details });
    prev = hash;
  });
  return out;
}

describe('the access log hash chain', () => {
  it('hashes the first entry alone and each next one after the hash before it', () => {
    const l = line(1, 'complaint.file', '{}');
    expect(chainHash(null, l, sha256)).toBe(sha256(new TextEncoder().encode(l)));
    const prev = 'ab'.repeat(32);
    const joined = Buffer.concat([Buffer.from(prev, 'hex'), Buffer.from(l, 'utf8')]);
    expect(chainHash(prev, l, sha256)).toBe(createHash('sha256').update(joined).digest('hex'));
  });

  it('reads the canonical line: its fields in order, and nothing that is not one', () => {
    expect(parseCaseEventLine(line(3, 'complaint.read', '{}'))).toEqual({
      seq: 3,
      workspaceId: WS,
      complaintId: CASE,
      eventId: 103,
      actorUserId: ACTOR,
      action: 'complaint.read',
      ip: '203.0.113.9',
      at: '2026-11-28T10:00:03.000000Z',
      detailsSha256: sha256(new TextEncoder().encode('{}')),
    });
    expect(parseCaseEventLine('not json')).toBeNull();
    expect(parseCaseEventLine('["list-read", 1]')).toBeNull();
    expect(parseCaseEventLine(line(1, 'x', '{}').replace(/"[0-9a-f]{64}"\]$/, '"short"]'))).toBeNull();
  });

  it('verifies an untouched chain and answers its head', () => {
    const entries = chain(['complaint.file', 'complaint.read', 'message.post']);
    expect(verifyChain(entries, sha256, { head: entries[2].hash, complaintId: CASE })).toEqual({
      ok: true,
      head: entries[2].hash,
      entries: 3,
    });
    expect(verifyChain([], sha256)).toEqual({ ok: true, head: null, entries: 0 });
  });

  it('names the first entry changed, by a byte of its line or of its details', () => {
    const entries = chain(['complaint.file', 'complaint.read', 'message.post']);
    const changed = entries.map((e) => ({ ...e }));
    changed[1].line = changed[1].line.replace('complaint.read', 'complaint.reed');
    expect(verifyChain(changed, sha256)).toMatchObject({
      ok: false,
      brokenAt: { seq: 2, action: 'complaint.reed', problem: 'CHANGED' },
    });

    const details = entries.map((e) => ({ ...e }));
    details[2].details = '{"n": 9}';
    expect(verifyChain(details, sha256)).toMatchObject({ ok: false, brokenAt: { seq: 3, problem: 'DETAILS_CHANGED' } });

    // Withheld details (a redacted entry) still verify: the line holds their hash.
    const withheld = entries.map((e) => ({ ...e, details: null }));
    expect(verifyChain(withheld, sha256)).toMatchObject({ ok: true });
  });

  it('requires every redacted entry to be listed, by its seq and kept hash, by a later log.redact entry', () => {
    const base = chain(['complaint.file', 'evidence.download', 'complaint.read']);
    const kept = parseCaseEventLine(base[1].line)!.detailsSha256;
    const listing = (entries: { seq: number; detailsSha256: string }[]) =>
      JSON.stringify({ fields: ['fileName'], entries });
    const redact = (details: string) => {
      const last = base[base.length - 1];
      const l = line(4, 'log.redact', details);
      return { seq: 4, line: l, prevHash: last.hash, hash: chainHash(last.hash, l, sha256), details };
    };
    const marked = base.map((e, i) => (i === 1 ? { ...e, details: null, redacted: true } : e));
    expect(verifyChain(marked, sha256)).toMatchObject({
      ok: false,
      brokenAt: { seq: 2, action: 'evidence.download', problem: 'REDACTION_UNLISTED' },
    });
    expect(verifyChain([...marked, redact(listing([{ seq: 2, detailsSha256: kept }]))], sha256)).toMatchObject({
      ok: true,
    });
    // Listed with another hash, another entry, or with its own details withheld: not listed.
    expect(
      verifyChain([...marked, redact(listing([{ seq: 2, detailsSha256: '0'.repeat(64) }]))], sha256),
    ).toMatchObject({ ok: false, brokenAt: { seq: 2, problem: 'REDACTION_UNLISTED' } });
    expect(verifyChain([...marked, redact(listing([{ seq: 3, detailsSha256: kept }]))], sha256)).toMatchObject({
      ok: false,
      brokenAt: { seq: 2, problem: 'REDACTION_UNLISTED' },
    });
    expect(
      verifyChain([...marked, { ...redact(listing([{ seq: 2, detailsSha256: kept }])), details: null }], sha256),
    ).toMatchObject({ ok: false, brokenAt: { seq: 2, problem: 'REDACTION_UNLISTED' } });
  });

  it('finds an entry removed, entries reordered, a rewritten link and an entry of another case', () => {
    const entries = chain(['complaint.file', 'complaint.read', 'message.post', 'complaint.close']);
    expect(verifyChain([entries[0], entries[2], entries[3]], sha256)).toMatchObject({
      ok: false,
      brokenAt: { seq: 3, problem: 'OUT_OF_PLACE' },
    });
    expect(verifyChain([entries[1], entries[0]], sha256)).toMatchObject({
      ok: false,
      brokenAt: { seq: 2, problem: 'OUT_OF_PLACE' },
    });

    const relinked = entries.map((e) => ({ ...e }));
    relinked[2].prevHash = relinked[0].hash;
    expect(verifyChain(relinked, sha256)).toMatchObject({ ok: false, brokenAt: { seq: 3, problem: 'BROKEN_LINK' } });

    const other = chain(['complaint.file', 'complaint.read'], OTHER);
    expect(verifyChain([entries[0], other[1]], sha256)).toMatchObject({
      ok: false,
      brokenAt: { seq: 2, problem: 'OTHER_CASE' },
    });
    expect(verifyChain(entries, sha256, { complaintId: OTHER })).toMatchObject({
      ok: false,
      brokenAt: { seq: 1, problem: 'OTHER_CASE' },
    });
  });

  it('finds the last entries removed when the head is known (the head of the file or of an earlier export)', () => {
    const entries = chain(['complaint.file', 'complaint.read', 'message.post']);
    expect(verifyChain(entries.slice(0, 2), sha256, { head: entries[2].hash })).toMatchObject({
      ok: false,
      brokenAt: { problem: 'HEAD_MISMATCH' },
    });
    // Without an anchor, a chain cut at its end still holds: what the head hash is for.
    expect(verifyChain(entries.slice(0, 2), sha256)).toMatchObject({ ok: true, head: entries[1].hash });
  });
});
