/**
 * What of a video a learner really watched, as pure rules: the player reports the playback position as it plays;
 * a step forward no longer than a normal tick while playing counts as watched, a jump (seeking ahead, or back) does
 * not. The watched time is the union of the watched stretches, so watching a part twice counts it once.
 */

/** The largest step between two position reports that is still playback, not a seek (browsers tick about every 0.25 s). */
export const MAX_PLAYBACK_STEP_SECONDS = 1.5;

export type Range = readonly [start: number, end: number];

/** Merges overlapping or touching ranges, sorted. */
export function mergeRanges(ranges: readonly Range[]): Range[] {
  const sorted = [...ranges].filter(([s, e]) => e > s).sort((a, b) => a[0] - b[0]);
  const out: [number, number][] = [];
  for (const [s, e] of sorted) {
    const last = out.at(-1);
    if (last && s <= last[1] + 1e-6) last[1] = Math.max(last[1], e);
    else out.push([s, e]);
  }
  return out;
}

export function totalSeconds(ranges: readonly Range[]): number {
  return mergeRanges(ranges).reduce((sum, [s, e]) => sum + (e - s), 0);
}

/**
 * Follows one video's playback. `position` is called with each reported position while the video plays; `seeked`
 * when the learner moves the play head (what comes next starts a new stretch); `pause` ends a stretch.
 */
export class WatchTracker {
  private ranges: Range[];
  private fresh: Range[] = [];
  private last: number | null = null;

  constructor(watched: readonly Range[] = []) {
    this.ranges = mergeRanges(watched);
  }

  position(seconds: number): void {
    if (!Number.isFinite(seconds) || seconds < 0) return;
    if (this.last !== null && seconds > this.last && seconds - this.last <= MAX_PLAYBACK_STEP_SECONDS) {
      this.ranges = mergeRanges([...this.ranges, [this.last, seconds]]);
      this.fresh = mergeRanges([...this.fresh, [this.last, seconds]]);
    }
    this.last = seconds;
  }

  /** The play head was moved: the jump is not watching. */
  seeked(seconds: number): void {
    this.last = Number.isFinite(seconds) ? seconds : null;
  }

  pause(): void {
    this.last = null;
  }

  /** The stretches played since the last call (what a progress report sends); they are the caller's now. */
  takeFresh(): Range[] {
    const out = this.fresh;
    this.fresh = [];
    return out;
  }

  /** A report that failed: its stretches go out with the next one. */
  giveBack(ranges: readonly Range[]): void {
    this.fresh = mergeRanges([...this.fresh, ...ranges]);
  }

  get watched(): Range[] {
    return this.ranges.map(([s, e]) => [s, e] as const);
  }

  get watchedSeconds(): number {
    return totalSeconds(this.ranges);
  }

  /** How far from the start the learner watched without a gap (what "watched up to" means for a resume or a rule). */
  get watchedFromStart(): number {
    const first = this.ranges[0];
    return first && first[0] <= 1e-6 ? first[1] : 0;
  }
}
