/**
 * The case access log's hash chain (docs/case.md "The access log's hash chain"). The database writes it: each event
 * of a case gets `seq` (1, 2, ...), `prevHash` (the event before's hash, none for the first) and
 * `hash = sha256(prevHash bytes || UTF-8 bytes of the event's canonical line)` (migration 0071, trigger
 * `complaint_audit_events_chain`). This module checks a chain given as those entries, wherever they come from: the
 * case file's attachment (`npm run verify-case-log`) or the database (`GET /api/complaints/{id}/audit/verify`).
 *
 * The canonical line is the text of a JSON array, as PostgreSQL's jsonb writes it:
 * `["case-event", seq, workspaceId, complaintId, eventId, actorUserId | null, action, ip | null, at, detailsSha256]`,
 * `at` in UTC to the microsecond (`2026-11-28T13:20:01.123456Z`), `detailsSha256` the hex sha256 of the details'
 * jsonb text. The details are hashed apart so that an export may withhold a redacted entry's details (null) and the
 * chain still verifies; when they are given, they must match.
 */

/** sha256 of the bytes, as lower-case hex: node's crypto on the server and in the command, given by the caller. */
export type Sha256Hex = (bytes: Uint8Array) => string;

export interface ChainEntry {
  seq: number;
  /** The canonical line, exactly as hashed. */
  line: string;
  prevHash: string | null;
  hash: string;
  /** The details' jsonb text, or null when withheld (a redacted entry of an export). */
  details: string | null;
  /**
   * The entry's details were redacted by a migration (the line keeps the hash of the details as written, migration
   * 0076): a later `log.redact` entry must list it by `seq` and that hash, or the log does not verify.
   */
  redacted?: boolean;
}

export interface CaseEventLine {
  seq: number;
  workspaceId: string;
  complaintId: string;
  eventId: number;
  actorUserId: string | null;
  action: string;
  ip: string | null;
  at: string;
  detailsSha256: string;
}

export type ChainProblem =
  /** The line is not a canonical line of a case event. */
  | 'UNREADABLE'
  /** The entry is not at its place: an entry before it was removed, or the entries were reordered. */
  | 'OUT_OF_PLACE'
  /** The entry belongs to another case than the first entry. */
  | 'OTHER_CASE'
  /** The entry does not name the hash of the entry before it. */
  | 'BROKEN_LINK'
  /** The entry's hash is not the hash of its line: the entry was changed. */
  | 'CHANGED'
  /** The details given do not match the hash in the line. */
  | 'DETAILS_CHANGED'
  /** The chain ends elsewhere than at the head it names: entries after it were removed, or the head was changed. */
  | 'HEAD_MISMATCH'
  /** The entry's details were redacted, and no later `log.redact` entry lists it with the hash it keeps. */
  | 'REDACTION_UNLISTED';

export type ChainVerdict =
  | { ok: true; head: string | null; entries: number }
  | {
      ok: false;
      head: string | null;
      entries: number;
      brokenAt: { seq: number; at: string | null; action: string | null; problem: ChainProblem };
    };

const HEX = /^[0-9a-f]{64}$/;

export function parseCaseEventLine(line: string): CaseEventLine | null {
  let v: unknown;
  try {
    v = JSON.parse(line);
  } catch {
    return null;
  }
  if (!Array.isArray(v) || v.length !== 10 || v[0] !== 'case-event') return null;
  const [, seq, workspaceId, complaintId, eventId, actorUserId, action, ip, at, detailsSha256] = v as unknown[];
  const str = (x: unknown) => typeof x === 'string';
  if (
    !Number.isInteger(seq) ||
    !Number.isInteger(eventId) ||
    !str(workspaceId) ||
    !str(complaintId) ||
    !str(action) ||
    !str(at)
  )
    return null;
  if (
    !(actorUserId === null || str(actorUserId)) ||
    !(ip === null || str(ip)) ||
    !str(detailsSha256) ||
    !HEX.test(detailsSha256 as string)
  )
    return null;
  return {
    seq: seq as number,
    workspaceId: workspaceId as string,
    complaintId: complaintId as string,
    eventId: eventId as number,
    actorUserId: actorUserId as string | null,
    action: action as string,
    ip: ip as string | null,
    at: at as string,
    detailsSha256: detailsSha256 as string,
  };
}

export function hexToBytes(hex: string): Uint8Array {
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i += 1) out[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return out;
}

/** The hash of an entry: sha256(prevHash bytes || UTF-8 of the line); the first entry has no prefix. */
export function chainHash(prevHash: string | null, line: string, sha256: Sha256Hex): string {
  const prefix = prevHash ? hexToBytes(prevHash) : new Uint8Array(0);
  const text = new TextEncoder().encode(line);
  const bytes = new Uint8Array(prefix.length + text.length);
  bytes.set(prefix, 0);
  bytes.set(text, prefix.length);
  return sha256(bytes);
}

/**
 * Recomputes the chain in order and names the first entry that does not hold. `head`, when given (the head the
 * export or an earlier export names), must be the last entry's hash; `complaintId`, when given, is the case every
 * entry must belong to.
 */
export function verifyChain(
  entries: readonly ChainEntry[],
  sha256: Sha256Hex,
  expected: { head?: string | null; complaintId?: string } = {},
): ChainVerdict {
  let before: string | null = null;
  let caseId = expected.complaintId ?? null;
  const broken = (seq: number, parsed: CaseEventLine | null, problem: ChainProblem): ChainVerdict => ({
    ok: false,
    head: entries.length ? entries[entries.length - 1].hash : null,
    entries: entries.length,
    brokenAt: { seq: parsed?.seq ?? seq, at: parsed?.at ?? null, action: parsed?.action ?? null, problem },
  });
  for (let i = 0; i < entries.length; i += 1) {
    const entry = entries[i];
    const place = i + 1;
    const parsed = parseCaseEventLine(entry.line);
    if (!parsed) return broken(place, null, 'UNREADABLE');
    if (parsed.seq !== place || entry.seq !== place) return broken(place, parsed, 'OUT_OF_PLACE');
    caseId ??= parsed.complaintId;
    if (parsed.complaintId !== caseId) return broken(place, parsed, 'OTHER_CASE');
    if ((entry.prevHash ?? null) !== before) return broken(place, parsed, 'BROKEN_LINK');
    if (chainHash(before, entry.line, sha256) !== entry.hash) return broken(place, parsed, 'CHANGED');
    if (entry.details !== null && sha256(new TextEncoder().encode(entry.details)) !== parsed.detailsSha256)
      return broken(place, parsed, 'DETAILS_CHANGED');
    before = entry.hash;
  }
  const unlisted = unlistedRedaction(entries);
  if (unlisted) return broken(unlisted.seq, parseCaseEventLine(unlisted.line), 'REDACTION_UNLISTED');
  if (expected.head !== undefined && (expected.head ?? null) !== before) {
    return {
      ok: false,
      head: before,
      entries: entries.length,
      brokenAt: { seq: entries.length, at: null, action: null, problem: 'HEAD_MISMATCH' },
    };
  }
  return { ok: true, head: before, entries: entries.length };
}

/** What a `log.redact` entry's details list: the entries it redacted, each with the hash of its details as written. */
interface RedactionListing {
  entries?: { seq?: unknown; detailsSha256?: unknown }[];
}

/**
 * The first redacted entry that no later `log.redact` entry lists by its `seq` and the details hash its line keeps.
 * A redaction replaces an entry's details and keeps their hash; unlisted, it would be an unrecorded rewrite of the
 * log. Only a listing whose own details are given (and so checked against its line) counts.
 */
function unlistedRedaction(entries: readonly ChainEntry[]): ChainEntry | null {
  const listed = new Map<number, Set<string>>();
  for (let i = entries.length - 1; i >= 0; i -= 1) {
    const entry = entries[i];
    const parsed = parseCaseEventLine(entry.line);
    if (entry.redacted) {
      const kept = parsed?.detailsSha256;
      if (!kept || !listed.get(entry.seq)?.has(kept)) return entry;
    }
    if (parsed?.action === 'log.redact' && entry.details !== null && !entry.redacted) {
      let listing: RedactionListing | null = null;
      try {
        listing = JSON.parse(entry.details) as RedactionListing;
      } catch {
        listing = null;
      }
      for (const item of Array.isArray(listing?.entries) ? listing.entries : []) {
        if (typeof item?.seq !== 'number' || typeof item.detailsSha256 !== 'string') continue;
        if (item.seq >= entry.seq) continue;
        const set = listed.get(item.seq) ?? new Set<string>();
        set.add(item.detailsSha256);
        listed.set(item.seq, set);
      }
    }
  }
  return null;
}

/** What a problem means, in the words the command and the case page use. */
export const CHAIN_PROBLEM_TEXT: Record<ChainProblem, string> = {
  UNREADABLE: 'is not a readable log entry',
  OUT_OF_PLACE: 'is not at its place: an entry before it was removed or the entries were reordered',
  OTHER_CASE: 'belongs to another case',
  BROKEN_LINK: 'does not follow the entry before it',
  CHANGED: 'was changed after it was written',
  DETAILS_CHANGED: 'has details that were changed after they were written',
  HEAD_MISMATCH: 'is not the head the file names: entries after it were removed or the head was changed',
  REDACTION_UNLISTED: 'was redacted, and no later log.redact entry lists it: its details were rewritten unrecorded',
};

/** The machine-readable case log an export carries (the PDF's attachment `case-log.json`). */
export interface CaseLogFile {
  format: 'safeplace-case-log/1';
  workspaceId: string;
  complaintId: string;
  caseNumber: string;
  exportedAt: string;
  head: string | null;
  entries: ChainEntry[];
}

export const CASE_LOG_FORMAT = 'safeplace-case-log/1';
export const CASE_LOG_ATTACHMENT = 'case-log.json';
