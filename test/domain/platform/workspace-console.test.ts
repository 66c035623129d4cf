import { describe, expect, it } from 'vitest';
import { navigationFor } from '../../../src/domain/auth/navigation';
import { resolvePostSignInRedirect, type RedirectContext } from '../../../src/domain/auth/redirect';
import { contractState } from '../../../src/domain/platform/contract-expiry';
import { disabledModules, modulesFrom } from '../../../src/domain/platform/workspace-modules';
import { parseWorkspaceUrl, slugOf } from '../../../src/domain/platform/workspace-url';

describe('a workspace address', () => {
  it('is a lower-cased host name of two or more labels', () => {
    expect(parseWorkspaceUrl(' Initech.Example.COM ')).toEqual({ ok: true, host: 'initech.example.com' });
    expect(parseWorkspaceUrl('initech.localhost.')).toEqual({ ok: true, host: 'initech.localhost' });
    expect(parseWorkspaceUrl('a-b.c1.localhost')).toEqual({ ok: true, host: 'a-b.c1.localhost' });
  });

  it('is refused with a reason for a scheme, port, path, IP address, single label or bad characters', () => {
    for (const bad of [
      '',
      'http://initech.localhost',
      'initech.localhost:8080',
      'initech.localhost/x',
      '10.0.0.1',
      'initech',
      'in_itech.localhost',
      '-initech.localhost',
      `${'a'.repeat(64)}.localhost`,
    ]) {
      const parsed = parseWorkspaceUrl(bad);
      expect(parsed.ok, bad).toBe(false);
      if (!parsed.ok) expect(parsed.reason.length).toBeGreaterThan(10);
    }
  });

  it('gives the short name from the first label', () => {
    expect(slugOf('initech.example.com')).toBe('initech');
  });
});

describe('the contract state', () => {
  it('is open-ended without a date, expiring in the last 30 days (the last day included), expired after it', () => {
    expect(contractState(null, '2026-11-23')).toEqual({ kind: 'open-ended' });
    expect(contractState('2027-01-01', '2026-11-23')).toEqual({ kind: 'active', daysLeft: 39 });
    expect(contractState('2026-12-23', '2026-11-23')).toEqual({ kind: 'expiring', daysLeft: 30 });
    expect(contractState('2026-11-23', '2026-11-23')).toEqual({ kind: 'expiring', daysLeft: 0 });
    expect(contractState('2026-11-22', '2026-11-23')).toEqual({ kind: 'expired' });
  });
});

describe('module switches', () => {
  it('are all on by default and round-trip through the switched-off list', () => {
    expect(modulesFrom([])).toEqual({ courses: true, 'concerned-authority': true, compliance: true });
    expect(modulesFrom(['courses'])).toEqual({ courses: false, 'concerned-authority': true, compliance: true });
    expect(disabledModules({ courses: false, compliance: true, 'concerned-authority': false })).toEqual([
      'courses',
      'concerned-authority',
    ]);
  });

  it('take a switched-off module’s areas out of the menu, and only those', () => {
    const all = navigationFor('WORKSPACE_ADMIN').map((n) => n.key);
    // "Courses and policies": the course, policy, training and report areas go with the module.
    expect(navigationFor('WORKSPACE_ADMIN', { courses: false }).map((n) => n.key)).toEqual(
      all.filter(
        (k) => k !== 'courses' && k !== 'policies' && k !== 'my-training' && k !== 'my-policies' && k !== 'reports',
      ),
    );
    expect(navigationFor('WORKSPACE_ADMIN', { 'concerned-authority': false }).map((n) => n.key)).not.toContain(
      'workflows',
    );
    // Compliance: its page goes with its switch alone.
    expect(navigationFor('WORKSPACE_ADMIN', { courses: true, compliance: false }).map((n) => n.key)).toEqual(
      all.filter((k) => k !== 'compliance'),
    );
  });
});

describe('the platform admin’s landing page', () => {
  const main: RedirectContext = { currentHost: 'localhost:8080', mainHost: 'localhost:8080', protocol: 'http:' };
  it('is the platform console on the main site; others keep the workspace finder', () => {
    expect(resolvePostSignInRedirect(null, main, 'platform-admin')).toBe('/platform/workspaces');
    expect(resolvePostSignInRedirect(null, main, 'account')).toBe('/workspace/signin');
    expect(resolvePostSignInRedirect('http://localhost:8080/platform/workspaces/x', main, 'platform-admin')).toBe(
      'http://localhost:8080/platform/workspaces/x',
    );
  });
});
