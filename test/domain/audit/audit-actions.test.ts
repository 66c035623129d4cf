import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  AUDIT_ACTIONS,
  auditActionOptions,
  auditLabel,
  SECURITY_ACTIONS,
} from '../../../src/domain/audit/audit-actions';

/** Every `action: '...'` the server writes to an audit trail. */
function actionsWrittenByTheServer(dir = 'server'): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) found.push(...actionsWrittenByTheServer(path));
    else if (entry.name.endsWith('.ts')) {
      // `action: 'X'`, and the literals of `action: cond ? 'X' : 'Y'` (up to the next comma outside quotes).
      for (const match of readFileSync(path, 'utf8').matchAll(/\baction:\s*((?:[^,'\n]|'[^'\n]*')+)/g)) {
        for (const literal of match[1]!.matchAll(/'([A-Za-z_.-]+)'/g)) found.push(literal[1]!);
      }
      // A case's own log: `this.complaints.log(tx, actor, id, 'X', ...)` (ComplaintsService.log).
      for (const match of readFileSync(path, 'utf8').matchAll(/\.log\(tx, [^,()]+, [^,()]+, '([A-Za-z_.-]+)'/g))
        found.push(match[1]!);
    }
  }
  return [...new Set(found)];
}

describe('the audit actions', () => {
  it('name and file every action the server records, so none shows as a bare code or lands in the wrong list', () => {
    const written = actionsWrittenByTheServer();
    expect(written.length).toBeGreaterThan(30);
    expect(written.filter((action) => !AUDIT_ACTIONS[action])).toEqual([]);
  });

  it('count sign-ins, lockouts, password and role changes and session ends as security events, and admin changes as admin actions', () => {
    for (const action of [
      'SIGN_IN',
      'SIGN_IN_FAILED',
      'ACCOUNT_LOCKED',
      'PASSWORD_CHANGED',
      'ROLE_CHANGED',
      'user.signed_out_everywhere',
    ]) {
      expect(SECURITY_ACTIONS).toContain(action);
    }
    for (const action of ['USER_DELETED', 'USERS_IMPORTED', 'branch.deleted', 'workspace.settings-updated']) {
      expect(SECURITY_ACTIONS).not.toContain(action);
    }
  });

  it('word the platform trail from the platform side, and show an unknown action as its code', () => {
    expect(auditLabel('workspace.created')).toBe('Workspace created by the platform');
    expect(auditLabel('workspace.created', 'platform')).toBe('Created a workspace');
    expect(auditLabel('SIGN_IN', 'platform')).toBe('Signed in');
    expect(auditLabel('something.new')).toBe('something.new');
    expect(auditActionOptions('admin').map((o) => o.value)).not.toContain('SIGN_IN');
    expect(auditActionOptions('security').map((o) => o.value)).toContain('SIGN_IN');
  });
});
