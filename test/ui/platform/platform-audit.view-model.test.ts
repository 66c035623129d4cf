import 'reflect-metadata';
import { describe, expect, it } from 'vitest';
import type { PlatformAuditApi } from '../../../src/application/platform/platform-audit-api.port';
import { ApiError } from '../../../src/application/shared/api-error';
import type { PlatformAuditEvent } from '../../../src/contracts/main/platform-audit.contract';
import { PlatformAuditViewModel } from '../../../src/ui/platform/platform-audit.view-model';

const event = (id: number, action: string): PlatformAuditEvent => ({
  id: String(id),
  at: '2026-11-23T04:00:00.000Z',
  action,
  actor: 'platform@demo.test',
  workspace: 'Acme',
  target: null,
  ip: '127.0.0.1',
  details: {},
});

describe('PlatformAuditViewModel', () => {
  it('pages on the server (page 1 here is 0 on the wire) and names the actions', async () => {
    const asked: unknown[] = [];
    const api: PlatformAuditApi = {
      async events(query) {
        asked.push(query);
        return {
          items: [event(1, 'workspace.created'), event(2, 'something.new')],
          page: query.page,
          pageSize: query.pageSize,
          total: 41,
        };
      },
    };
    const vm = new PlatformAuditViewModel(api);
    await vm.load(3, 20);
    expect(asked).toEqual([{ page: 2, pageSize: 20 }]);
    expect(vm.tableRows.map((r) => r.label)).toEqual(['Created a workspace', 'something.new']);
    expect(vm.list.total).toBe(41);
  });

  it('shows why the trail could not be read', async () => {
    const vm = new PlatformAuditViewModel({
      events: async () => Promise.reject(new ApiError('forbidden', 'FORBIDDEN', 'You may not do this')),
    });
    await vm.load(1);
    expect(vm.list.status).toBe('error');
    expect(vm.list.error).toBe('You may not do this');
  });
});
