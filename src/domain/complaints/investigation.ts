import { addCalendarDays, type IsoDate } from '../shared/calendar';

/**
 * Canada's investigation (SOR/2020-130 ss.27-30; legal-rules.md CA-05, CA-06), as pure rules:
 * - the committee proposes an investigator from the workspace's roster; the parties agree, or after 60 days without
 *   both agreements the roster's next investigator is chosen, round robin, skipping anyone with a stake in the case;
 * - an anonymous notice is not investigated;
 * - the investigator's report carries no identifier of the parties (their names, emails, employee ids).
 */

/** Days after the proposal after which, without both parties' agreement, the roster decides (CA-05). */
export const ROSTER_AFTER_DAYS = 60;

/** The first day the roster may choose, for a proposal made on `proposedOn`. */
export function rosterFrom(proposedOn: IsoDate): IsoDate {
  return addCalendarDays(proposedOn, ROSTER_AFTER_DAYS);
}

export function mayUseRoster(proposedOn: IsoDate, today: IsoDate): boolean {
  return today >= rosterFrom(proposedOn);
}

export interface RosterEntry {
  id: string;
  email: string;
  position: number;
  active: boolean;
}

/** Who has a stake in the case: its parties and witnesses, by address (lower case) or by account. */
export interface CaseStakes {
  emails: readonly (string | null)[];
  userIds: readonly (string | null)[];
}

export function hasStake(investigator: { email: string; userId?: string | null }, stakes: CaseStakes): boolean {
  const email = investigator.email.trim().toLowerCase();
  if (stakes.emails.some((e) => e !== null && e.trim().toLowerCase() === email)) return true;
  return !!investigator.userId && stakes.userIds.includes(investigator.userId);
}

/**
 * The roster's next investigator: the first active entry after `lastChosenPosition` in roster order, wrapping
 * round, skipping whoever `excluded` says has a stake. Null when nobody is left.
 */
export function nextFromRoster<T extends RosterEntry>(
  roster: readonly T[],
  lastChosenPosition: number | null,
  excluded: (entry: T) => boolean,
): T | null {
  const ordered = [...roster].filter((r) => r.active).sort((a, b) => a.position - b.position);
  if (ordered.length === 0) return null;
  const start = lastChosenPosition === null ? 0 : ordered.findIndex((r) => r.position > lastChosenPosition);
  const from = start < 0 ? 0 : start;
  for (let i = 0; i < ordered.length; i++) {
    const candidate = ordered[(from + i) % ordered.length];
    if (!excluded(candidate)) return candidate;
  }
  return null;
}

/** What identifies a party of the case: names (whole and each part of 3 letters or more), emails, employee ids. */
export function partyIdentifiers(parties: {
  names: readonly (string | null)[];
  emails: readonly (string | null)[];
  employeeIds: readonly (string | null)[];
}): string[] {
  const found = new Set<string>();
  for (const name of parties.names) {
    const n = name?.trim();
    if (!n) continue;
    found.add(n);
    for (const part of n.split(/\s+/)) if (part.length >= 3) found.add(part);
  }
  for (const e of [...parties.emails, ...parties.employeeIds]) {
    const v = e?.trim();
    if (v) found.add(v);
  }
  return [...found];
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The first identifier `text` contains, as a whole word and whatever the case, or null. */
export function identifierIn(text: string, identifiers: readonly string[]): string | null {
  for (const id of identifiers) {
    const pattern = new RegExp(`(^|[^\\p{L}\\p{N}])${escape(id)}($|[^\\p{L}\\p{N}])`, 'iu');
    if (pattern.test(text)) return id;
  }
  return null;
}

/** A recommendation chosen must be implemented (CA-06): those chosen and not yet implemented. */
export function recommendationsOutstanding(
  recommendations: readonly { chosen: boolean; implementedOn: IsoDate | null }[],
): number {
  return recommendations.filter((r) => r.chosen && r.implementedOn === null).length;
}
