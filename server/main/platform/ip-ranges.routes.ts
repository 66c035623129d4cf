import type { FastifyInstance } from 'fastify';
import { setWorkspaceIpRanges, workspaceIpRanges } from '../../../src/contracts/main/ip-ranges.contract';
import { formatIpRange, parseIpRange } from '../../../src/domain/platform/ip-ranges';
import { audit } from '../../platform/audit';
import type { Sql } from '../../platform/db/database';
import type { ApiDeps } from '../../platform/deps';
import { notFound } from '../../platform/errors';
import { serve } from '../../platform/serve';

async function rangesOf(tx: Sql, workspaceId: string) {
  return tx.query<{ cidr: string; label: string | null }>(
    'SELECT cidr, label FROM workspace_ip_ranges WHERE workspace_id = $1 ORDER BY cidr',
    [workspaceId],
  );
}

async function requireWorkspace(tx: Sql, id: string): Promise<void> {
  const [found] = await tx.query('SELECT 1 FROM workspaces WHERE id = $1', [id]);
  if (!found) throw notFound('There is no such workspace');
}

/** The platform admin's address ranges per workspace, for the elevated-IP mode. */
export async function ipRangeRoutes(app: FastifyInstance, deps: ApiDeps): Promise<void> {
  serve(app, workspaceIpRanges, async ({ params }) =>
    deps.db.system(async (tx) => {
      await requireWorkspace(tx, params.id);
      return rangesOf(tx, params.id);
    }),
  );

  serve(app, setWorkspaceIpRanges, async ({ params, body, principal, request }) => {
    const ranges = await deps.db.system(async (tx) => {
      await requireWorkspace(tx, params.id);
      // Stored in one canonical form ("10.0.0.0/8"), so the same range typed twice is kept once.
      const unique = new Map(body.ranges.map((r) => [formatIpRange(parseIpRange(r.cidr)!), r.label ?? null]));
      await tx.query('DELETE FROM workspace_ip_ranges WHERE workspace_id = $1', [params.id]);
      await tx.query(
        `INSERT INTO workspace_ip_ranges (workspace_id, cidr, label) SELECT $1, t.cidr, t.label FROM unnest($2::text[], $3::text[]) AS t(cidr, label)`,
        [params.id, [...unique.keys()], [...unique.values()]],
      );
      await audit(tx, {
        workspaceId: params.id,
        actorPlatformAdminId: principal?.kind === 'platform-admin' ? principal.platformAdminId : null,
        action: 'IP_RANGES_SET',
        ip: request.ip,
        details: { ranges: [...unique.keys()] },
      });
      return rangesOf(tx, params.id);
    });
    deps.gates?.forget();
    return ranges;
  });
}
