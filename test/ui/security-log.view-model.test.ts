import 'reflect-metadata';
import { describe, expect, it } from 'vitest';
import type { AuditEvent } from '../../src/contracts/main/audit.contract';
import { SecurityLogViewModel } from '../../src/ui/security/security-log.view-model';
import { FakeAuditApi } from '../fakes/security-log.fakes';

const event = (id: number, action: string): AuditEvent => ({
  id: String(id),
  at: '2026-11-23T01:00:00.000Z',
  action,
  actor: 'admin@acme.test',
  target: null,
  ip: '203.0.113.9',
  details: {},
});

describe('SecurityLogViewModel', () => {
  it('shows events with readable names, paged on the server from page 1 in the UI to 0 on the wire', async () => {
    const api = new FakeAuditApi([event(1, 'SIGN_IN'), event(2, 'SIGN_IN_FAILED'), event(3, 'ACCOUNT_LOCKED')]);
    const vm = new SecurityLogViewModel(api);
    await vm.load(1, 2);
    expect(api.asked[0]).toEqual({ page: 0, pageSize: 2, action: undefined });
    expect(vm.tableRows.map((r) => r.label)).toEqual(['Signed in', 'Failed sign-in']);
    expect(vm.list.total).toBe(3);
  });

  it('filters by event and goes back to the first page', async () => {
    const api = new FakeAuditApi([event(1, 'SIGN_IN'), event(2, 'SIGN_IN_FAILED')]);
    const vm = new SecurityLogViewModel(api);
    await vm.load(2, 1);
    await vm.filterBy('SIGN_IN_FAILED');
    expect(vm.list.page).toBe(1);
    expect(vm.tableRows.map((r) => r.action)).toEqual(['SIGN_IN_FAILED']);
  });

  it('shows the error when the log cannot be read', async () => {
    const api = new FakeAuditApi([]);
    api.fail = true;
    const vm = new SecurityLogViewModel(api);
    await vm.load(1);
    expect(vm.list.status).toBe('error');
    expect(vm.list.error).toBe('You may not do this');
  });
});
