import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DashboardService } from '../../../server/learning/dashboard/dashboard.service';
import type { Database } from '../../../server/platform/db/database';
import { DATABASES, startTestServer, type TestServer } from '../support/test-app';
import { buildUser, buildWorkspace, type BuiltUser, type BuiltWorkspace } from '../support/factories';

/**
 * The dashboard's counts are shared by calls of the same scope that arrive while one is under way (docs/reports.md
 * "The dashboard"), never across scopes, and never kept after the count ends.
 */
describe.each(DATABASES)("the dashboard's shared counts on %s", (kind) => {
  let server: TestServer;
  let ws: BuiltWorkspace;
  let unitAdmin: BuiltUser;
  let counts = 0;
  let service: DashboardService;

  beforeAll(async () => {
    server = await startTestServer(kind);
    ws = await buildWorkspace(server);
    unitAdmin = await buildUser(server, ws, { role: 'BRANCH_ADMIN' });
    // The real database, with each count (one tenant transaction) counted.
    const counted: Database = Object.create(server.db, {
      tenant: {
        value: (id: string, work: Parameters<Database['tenant']>[1]) => {
          counts++;
          return server.db.tenant(id, work);
        },
      },
    });
    service = new DashboardService(counted, () => new Date());
  }, 120_000);
  afterAll(async () => server?.close());

  const admin = () => ({ workspaceId: ws.id, userId: ws.admin.id, role: 'WORKSPACE_ADMIN' as const, branchId: null });
  const heldTo = (branchId: string | null) => ({
    workspaceId: ws.id,
    userId: unitAdmin.id,
    role: 'BRANCH_ADMIN' as const,
    branchId,
  });

  it('counts once for five admins who open it at the same moment, and afresh for the next', async () => {
    counts = 0;
    const answers = await Promise.all([1, 2, 3, 4, 5].map(() => service.figures(admin(), undefined)));
    expect(counts).toBe(1);
    for (const answer of answers) expect(answer).toEqual(answers[0]);
    await service.figures(admin(), undefined);
    expect(counts).toBe(2);
  });

  it('never shares a count between scopes: the whole workspace, a unit asked for, a unit admin, a unit admin of none', async () => {
    counts = 0;
    const [whole, asked, held, none] = await Promise.all([
      service.figures(admin(), undefined),
      service.figures(admin(), ws.headquartersId),
      service.figures(heldTo(ws.headquartersId), undefined),
      service.figures(heldTo(null), undefined),
    ]);
    expect(counts).toBe(4);
    expect(whole.ok && whole.value.scopedTo).toBeNull();
    expect(held.ok && held.value.scopedTo).not.toBeNull();
    expect(none.ok && none.value.scopedTo).toBe('No business unit');
    expect(none.ok && none.value.training.assigned).toBe(0);
    expect(asked.ok).toBe(true);
  });
});
