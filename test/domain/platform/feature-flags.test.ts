import { describe, expect, it } from 'vitest';
import { flagOnFor } from '../../../src/domain/platform/feature-flags';

const flags = [
  { key: 'maintenance', value: 'on', enabledWorkspaces: [{ workspaceUrl: 'acme.localhost' }] },
  { key: 'elevateip', value: 'off', enabledWorkspaces: [{ workspaceUrl: 'acme.localhost' }] },
];

describe('feature flags', () => {
  it('applies a flag only to the workspaces in its enabled list', () => {
    expect(flagOnFor(flags, 'maintenance', 'acme.localhost')).toBe(true);
    expect(flagOnFor(flags, 'maintenance', 'ACME.localhost')).toBe(true);
    expect(flagOnFor(flags, 'maintenance', 'globex.localhost')).toBe(false);
  });

  it('is off on the main site, for unknown keys and for a switched-off value', () => {
    expect(flagOnFor(flags, 'maintenance', null)).toBe(false);
    expect(flagOnFor(flags, 'unknown', 'acme.localhost')).toBe(false);
    expect(flagOnFor(flags, 'elevateip', 'acme.localhost')).toBe(false);
  });
});
