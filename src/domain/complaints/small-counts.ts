/**
 * Small counts of cases are not shown to those outside the case (docs/case.md "Counts by stage"): in a small workspace
 * a count of one at a stage tells an employer or an admin where a particular complaint stands. A count under
 * SMALLEST_SHOWN (zero included, so that an empty stage and a stage of one look alike) is hidden.
 */
export const SMALLEST_SHOWN = 3;

/**
 * Hides the counts under `smallest` of a column whose total the viewer can learn elsewhere (the open cases, the cases
 * with a missed clock). When exactly one count of the column is hidden, the total minus the shown ones would give it
 * away, so the smallest shown count is hidden with it.
 */
export function hideSmallCounts(counts: readonly number[], smallest = SMALLEST_SHOWN): (number | null)[] {
  const out: (number | null)[] = counts.map((n) => (n < smallest ? null : n));
  const hidden = out.filter((n) => n === null).length;
  if (hidden === 1 && out.length > 1) {
    let at = -1;
    out.forEach((n, i) => {
      if (n !== null && (at < 0 || n < (out[at] as number))) at = i;
    });
    if (at >= 0) out[at] = null;
  }
  return out;
}
