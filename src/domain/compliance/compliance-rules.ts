import { addCalendarDays, addMonths, addYears, daysBetween, type IsoDate } from '../shared/calendar';

/**
 * Policies, the training cadence the law asks, and course credits, as pure rules.
 */

// ---------------------------------------------------------------- CA-11: training cadence

export type CadenceState = 'DONE' | 'DUE' | 'OVERDUE';

/**
 * Canada (CA-11): an employee is trained within 3 months of hire, then every 3 years. Given the hire date and the
 * completions of the required training, the day the next training falls due and whether the person is in time.
 */
export function trainingCadence(
  hiredOn: IsoDate,
  completions: readonly IsoDate[],
  today: IsoDate,
): { dueOn: IsoDate; state: CadenceState; lastCompletedOn: IsoDate | null } {
  const sorted = [...completions].sort();
  const last = sorted.at(-1) ?? null;
  // A training before hire (onboarding elsewhere in the group) counts from hire.
  const dueOn = last ? addYears(daysBetween(hiredOn, last) < 0 ? hiredOn : last, 3) : addMonths(hiredOn, 3);
  const left = daysBetween(today, dueOn);
  const state: CadenceState = last && left >= 0 ? 'DONE' : left < 0 ? 'OVERDUE' : 'DUE';
  return { dueOn, state, lastCompletedOn: last };
}

// ---------------------------------------------------------------- Policies

/** A new version is material (everyone in scope accepts again) or minor (nobody is asked again). */
export type VersionChange = 'MATERIAL' | 'MINOR';

export interface PolicyVersion {
  version: number;
  change: VersionChange;
  publishedOn: IsoDate;
}

export interface Acceptance {
  version: number;
  acceptedOn: IsoDate;
}

export interface AcceptanceRule {
  /** A new joiner has this many days to accept (from joining, or from publication when they joined before). */
  daysToAccept: number;
  /** Ask again every year even without a new version. */
  yearly: boolean;
}

/** The latest material version at or before `version`: the one an acceptance must be of, or later. */
export function lastMaterialVersion(versions: readonly PolicyVersion[]): PolicyVersion | null {
  const published = [...versions].sort((a, b) => a.version - b.version);
  const firstAndMaterial = published.filter((v, i) => i === 0 || v.change === 'MATERIAL');
  return firstAndMaterial.at(-1) ?? null;
}

export type AcceptanceState =
  | { state: 'ACCEPTED'; version: number; acceptedOn: IsoDate; validUntil: IsoDate | null }
  | { state: 'PENDING' | 'OVERDUE'; dueOn: IsoDate };

/**
 * Whether a person has a valid acceptance of a policy: of the last material version or a later one, and, for a yearly
 * policy, within the last year. Otherwise when it is due: `daysToAccept` after the later of their joining and the
 * version's publication (or, for a yearly renewal, after the anniversary).
 */
export function acceptanceState(
  versions: readonly PolicyVersion[],
  acceptances: readonly Acceptance[],
  joinedOn: IsoDate,
  rule: AcceptanceRule,
  today: IsoDate,
): AcceptanceState | null {
  const material = lastMaterialVersion(versions);
  if (!material) return null;
  const valid = acceptances
    .filter((a) => a.version >= material.version)
    .sort((a, b) => daysBetween(a.acceptedOn, b.acceptedOn))
    .at(0);
  if (valid) {
    const validUntil = rule.yearly ? addCalendarDays(addYears(valid.acceptedOn, 1), -1) : null;
    if (!validUntil || daysBetween(today, validUntil) >= 0)
      return { state: 'ACCEPTED', version: valid.version, acceptedOn: valid.acceptedOn, validUntil };
    const dueOn = addCalendarDays(addYears(valid.acceptedOn, 1), rule.daysToAccept);
    return { state: daysBetween(today, dueOn) < 0 ? 'OVERDUE' : 'PENDING', dueOn };
  }
  const from = daysBetween(material.publishedOn, joinedOn) > 0 ? joinedOn : material.publishedOn;
  const dueOn = addCalendarDays(from, rule.daysToAccept);
  return { state: daysBetween(today, dueOn) < 0 ? 'OVERDUE' : 'PENDING', dueOn };
}

/** Canada (CA-12): a policy is reviewed at least every 3 years; India has no fixed period, so the workspace sets one. */
export function nextReviewDue(lastReviewedOn: IsoDate, maxYears = 3): IsoDate {
  return addYears(lastReviewedOn, maxYears);
}

// ---------------------------------------------------------------- Credits

/**
 * Credits are an append-only ledger: a grant adds, an assignment of a catalogue course consumes one, an unassignment
 * before the person started returns it. The balance is derived, never stored, and never negative.
 */
export type LedgerEntry =
  | { kind: 'GRANT'; credits: number; key: string }
  | { kind: 'CONSUME'; credits: 1; key: string }
  | { kind: 'RETURN'; credits: 1; key: string };

export function balance(entries: readonly LedgerEntry[]): number {
  return entries.reduce((sum, e) => sum + (e.kind === 'CONSUME' ? -e.credits : e.credits), 0);
}

export type LedgerDecision =
  | { ok: true; entry: LedgerEntry }
  | { ok: true; duplicate: true }
  | { ok: false; reason: 'NO_CREDITS' | 'NOT_CONSUMED' | 'BAD_AMOUNT' };

/**
 * Whether an entry may be appended: an idempotency key already in the ledger changes nothing (a retried request never
 * moves credits twice); a consumption needs a positive balance; a return needs the consumption it returns; a grant is
 * a whole number of credits, at least one.
 */
export function append(entries: readonly LedgerEntry[], entry: LedgerEntry, consumedKey?: string): LedgerDecision {
  if (entries.some((e) => e.key === entry.key)) return { ok: true, duplicate: true };
  if (entry.kind === 'GRANT' && (!Number.isInteger(entry.credits) || entry.credits < 1))
    return { ok: false, reason: 'BAD_AMOUNT' };
  if (entry.kind === 'CONSUME' && balance(entries) < 1) return { ok: false, reason: 'NO_CREDITS' };
  if (entry.kind === 'RETURN') {
    const consumed = consumedKey && entries.some((e) => e.kind === 'CONSUME' && e.key === consumedKey);
    const returned = entries.some((e) => e.kind === 'RETURN' && e.key === `${consumedKey}:return`);
    if (!consumed || returned || entry.key !== `${consumedKey}:return`) return { ok: false, reason: 'NOT_CONSUMED' };
  }
  return { ok: true, entry };
}

// ---------------------------------------------------------------- Policy reviews and translations

/** CA-12: Canada reviews a policy at least every 3 years. Elsewhere the law sets no period (null). */
export function reviewLimitYears(country: string | null): number | null {
  return country === 'CA' ? 3 : null;
}

/**
 * A review date's problem, or null: it must not be before `from` (today, or the review that sets it), and, where the
 * law sets a period (CA-12), not later than that many years after `from`.
 */
export function reviewDateProblem(country: string | null, from: IsoDate, reviewDueOn: IsoDate): string | null {
  if (daysBetween(from, reviewDueOn) < 0) return 'Choose a review date that is not in the past';
  const years = reviewLimitYears(country);
  if (years !== null && daysBetween(addYears(from, years), reviewDueOn) > 0) {
    return `A Canadian policy is reviewed at least every ${years} years (CA-12): choose a date on or before ${addYears(from, years)}`;
  }
  return null;
}

export type TranslationState = 'CURRENT' | 'OUTDATED';

/**
 * The state of each language of a policy's current version: CURRENT when that version's PDF in the language is given,
 * OUTDATED when only an earlier version has one (readers of that language get the current version in another
 * language until it is given).
 */
export function translationStates(
  currentVersion: number,
  documents: readonly { version: number; language: string }[],
): Record<string, TranslationState> {
  const out: Record<string, TranslationState> = {};
  for (const doc of documents) {
    if (doc.version === currentVersion) out[doc.language] = 'CURRENT';
    else if (doc.version < currentVersion && out[doc.language] !== 'CURRENT') out[doc.language] = 'OUTDATED';
  }
  return out;
}

/**
 * The language a reader gets the current version in: the one asked when its PDF of the current version is given,
 * else English, else the first given; null when the current version has no PDF yet.
 */
export function readingLanguage<L extends string>(
  asked: L | null,
  current: readonly L[],
): { language: L; fallback: boolean } | null {
  if (asked && current.includes(asked)) return { language: asked, fallback: false };
  const other = current.includes('ENGLISH' as L) ? ('ENGLISH' as L) : current[0];
  if (!other) return null;
  return { language: other, fallback: asked !== null };
}

/** Whether a person is in a published policy's scope: everyone, or the chosen business units. */
export function inPolicyScope(
  scope: 'WORKSPACE' | 'UNITS',
  units: readonly string[],
  branchId: string | null,
): boolean {
  return scope === 'WORKSPACE' || (branchId !== null && units.includes(branchId));
}
