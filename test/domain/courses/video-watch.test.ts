import { describe, expect, it } from 'vitest';
import { mergeRanges, totalSeconds, WatchTracker } from '../../../src/domain/courses/video-watch';

describe('what of a video was watched', () => {
  it('counts playback, not a seek ahead', () => {
    const t = new WatchTracker();
    for (let s = 0; s <= 10; s += 0.25) t.position(s);
    t.seeked(50); // the learner drags the play head to 50 s
    for (let s = 50; s <= 55; s += 0.25) t.position(s);
    expect(t.watchedSeconds).toBeCloseTo(15);
    expect(t.watched).toEqual([
      [0, 10],
      [50, 55],
    ]);
    expect(t.watchedFromStart).toBe(10);
  });

  it('does not count a jump reported as a position (no seek event), and counts a part watched twice once', () => {
    const t = new WatchTracker([[0, 5]]);
    t.position(0);
    t.position(1);
    t.position(30); // a jump of 29 s between two reports is not watching
    t.position(31);
    expect(t.watchedSeconds).toBe(6);
  });

  it('hands each report only the stretches played since the last one, and takes back a failed one', () => {
    const t = new WatchTracker();
    t.position(0);
    t.position(1);
    expect(t.takeFresh()).toEqual([[0, 1]]);
    t.position(2);
    const second = t.takeFresh();
    expect(second).toEqual([[1, 2]]);
    t.giveBack(second);
    t.position(3);
    expect(t.takeFresh()).toEqual([[1, 3]]);
    t.pause();
    t.position(10);
    expect(t.takeFresh()).toEqual([]);
  });

  it('merges overlapping ranges', () => {
    expect(
      mergeRanges([
        [5, 8],
        [0, 2],
        [1, 3],
        [8, 9],
      ]),
    ).toEqual([
      [0, 3],
      [5, 9],
    ]);
    expect(
      totalSeconds([
        [0, 2],
        [1, 4],
      ]),
    ).toBe(4);
  });
});
