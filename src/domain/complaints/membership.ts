/**
 * Changes of a committee's members (docs/case.md "Committee membership"): membership is the key to every case of
 * the committee, so a change waits for the presiding officer's approval (or, for the presiding officer's own seat, a
 * second admin's), and nobody who sets the committee up may seat themselves.
 */

export type SeatRole = 'PRESIDING_OFFICER' | 'EMPLOYEE_MEMBER' | 'EXTERNAL_MEMBER' | 'DESIGNATED_RECIPIENT';
export interface Seat {
  userId: string;
  role: SeatRole;
}

export interface SeatDiff {
  added: string[];
  removed: string[];
  /** Members who stay with another role. */
  changedRole: string[];
}

/** Who joins, who leaves and whose role changes between two member lists. */
export function seatDiff(before: readonly Seat[], after: readonly Seat[]): SeatDiff {
  const was = new Map(before.map((s) => [s.userId, s.role]));
  const now = new Map(after.map((s) => [s.userId, s.role]));
  return {
    added: after.filter((s) => !was.has(s.userId)).map((s) => s.userId),
    removed: before.filter((s) => !now.has(s.userId)).map((s) => s.userId),
    changedRole: after.filter((s) => was.has(s.userId) && was.get(s.userId) !== s.role).map((s) => s.userId),
  };
}

export function changesSeats(diff: SeatDiff): boolean {
  return diff.added.length + diff.removed.length + diff.changedRole.length > 0;
}

export type Approver = 'PRESIDING_OFFICER' | 'SECOND_ADMIN';

/**
 * Who approves a change: the presiding officer, unless the change touches the presiding officer's seat (who presides
 * before and after differ), the committee has no presiding officer (designated recipients in Canada), or the presiding
 * officer asked for it themselves: then a workspace admin or employer other than the one who asked.
 */
export function approverOf(before: readonly Seat[], after: readonly Seat[], requestedBy: string): Approver {
  const presiding = (seats: readonly Seat[]) =>
    seats
      .filter((s) => s.role === 'PRESIDING_OFFICER')
      .map((s) => s.userId)
      .sort()
      .join(',');
  const current = presiding(before);
  if (
    !current ||
    current !== presiding(after) ||
    before.some((s) => s.role === 'PRESIDING_OFFICER' && s.userId === requestedBy)
  )
    return 'SECOND_ADMIN';
  return 'PRESIDING_OFFICER';
}

/**
 * Why this person may not decide this change, or null. Nobody decides their own request (but may withdraw it by
 * rejecting), nobody approves their own seat, and the decider is the one the change waits for.
 */
export function decisionProblem(
  change: { approver: Approver; requestedBy: string; added: readonly string[] },
  decider: { userId: string; presides: boolean; setsUp: boolean },
  decision: 'APPROVE' | 'REJECT',
): string | null {
  if (decision === 'REJECT' && decider.userId === change.requestedBy) return null;
  if (decider.userId === change.requestedBy) return 'You asked for this change: another person approves it';
  if (decision === 'APPROVE' && change.added.includes(decider.userId))
    return 'This change seats you: another person approves it';
  if (change.approver === 'PRESIDING_OFFICER' && !decider.presides)
    return "This change waits for the presiding officer's approval";
  if (change.approver === 'SECOND_ADMIN' && !decider.setsUp)
    return 'This change waits for the approval of a second workspace admin or employer';
  return null;
}
