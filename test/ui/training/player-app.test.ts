import { describe, expect, it } from 'vitest';
import { courseIdOf } from '../../../src/ui/training/player-app';

/** The light player page reads its course from the path the server served player.html for (no router). */
describe('the player page’s course', () => {
  it('is the id in /training/{courseId}, with or without a closing slash, and nothing for other paths', () => {
    expect(courseIdOf('/training/0b5f2c3e-1d2a-4c8e-9f00-123456789abc')).toBe('0b5f2c3e-1d2a-4c8e-9f00-123456789abc');
    expect(courseIdOf('/training/abc_DEF-1/')).toBe('abc_DEF-1');
    expect(courseIdOf('/training')).toBe('');
    expect(courseIdOf('/training/abc/lessons')).toBe('');
  });
});
