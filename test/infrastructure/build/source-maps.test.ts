import { describe, expect, it } from 'vitest';
import config, { sourceMapsFor } from '../../../vite.config';

/** The production build publishes no source maps (issue 10, item 13): only a build asked for with SOURCEMAP=1 has them. */
describe('the web build', () => {
  it('emits no source maps unless asked for a development build', () => {
    expect(sourceMapsFor({})).toBe(false);
    expect(sourceMapsFor({ NODE_ENV: 'production' })).toBe(false);
    expect(sourceMapsFor({ SOURCEMAP: '1' })).toBe(true);
    if (process.env.SOURCEMAP !== '1')
      expect((config as { build?: { sourcemap?: unknown } }).build?.sourcemap).toBe(false);
  });
});
