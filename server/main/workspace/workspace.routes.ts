import type { FastifyInstance } from 'fastify';
import { allBranches, companyProfile, departmentList } from '../../../src/contracts/main/workspace.contract';
import { seesAllBusinessUnits } from '../../../src/domain/auth/roles';
import { courseLanguagesFor, type CourseLanguage } from '../../../src/domain/courses/course';
import type { ApiDeps } from '../../platform/deps';
import { notFound } from '../../platform/errors';
import { isCanadian } from '../../platform/languages';
import { serve, workspaceUser } from '../../platform/serve';
import { hostName } from '../../platform/tenancy';

export async function workspaceRoutes(app: FastifyInstance, deps: ApiDeps): Promise<void> {
  serve(app, companyProfile, async ({ params }) => {
    const site = await deps.sites.resolve(hostName(params.host));
    if (site.kind !== 'workspace') throw notFound('There is no workspace at this address');
    const w = site.workspace;
    const [[language], canadian] = await deps.db.tenant(
      w.id,
      async (tx) =>
        [
          await tx.query<{ default_language: CourseLanguage }>(
            `SELECT default_language FROM workspaces WHERE id = $1`,
            [w.id],
          ),
          await isCanadian(tx, w.id),
        ] as const,
    );
    return {
      workspaceId: w.id,
      workspaceUrl: w.workspace_url,
      companyName: w.company_name,
      companyLogo: w.company_logo,
      backgroundColor: w.background_color,
      socialPlatformSet: w.social_platforms.filter(
        (p): p is 'GOOGLE' | 'MICROSOFT' => p === 'GOOGLE' || p === 'MICROSOFT',
      ),
      bulkSignUpEnabled: w.bulk_signup_enabled,
      minPasswordLength: w.min_password_length,
      defaultLanguage: language?.default_language ?? 'ENGLISH',
      languages: courseLanguagesFor(canadian),
      country: canadian ? ('CA' as const) : ('IN' as const),
    };
  });

  serve(app, allBranches, async (ctx) => {
    const { user, workspace } = workspaceUser(ctx);
    const withCounts = ctx.query.isUserCountRequired === 'true';
    const all = seesAllBusinessUnits(user.role);
    const rows = await deps.db.tenant(workspace.id, (tx) =>
      tx.query<{
        id: string;
        name: string;
        headquarter: boolean;
        background_color: string | null;
        user_count: number | null;
      }>(
        `SELECT b.id, b.name, b.headquarter, b.background_color,
                CASE WHEN $3 THEN (SELECT count(*)::int FROM users u WHERE u.workspace_id = b.workspace_id AND u.branch_id = b.id) END AS user_count
           FROM branches b
          WHERE b.workspace_id = $1 AND ($2 OR b.id = $4)
          ORDER BY b.headquarter DESC, b.name`,
        [workspace.id, all, withCounts, user.branchId],
      ),
    );
    return rows.map((r) => ({
      branchId: r.id,
      branchName: r.name,
      headquarter: r.headquarter,
      backgroundColor: r.background_color,
      userCount: r.user_count,
    }));
  });

  serve(app, departmentList, async (ctx) => {
    const { user, workspace } = workspaceUser(ctx);
    const all = seesAllBusinessUnits(user.role);
    const branchId = ctx.body.showAll ? null : (ctx.body.branchId ?? null);
    if (branchId && !all && branchId !== user.branchId) throw notFound('Business unit not found');
    const rows = await deps.db.tenant(workspace.id, (tx) =>
      tx.query<{ id: string; name: string; branch_id: string; created_at: Date }>(
        `SELECT d.id, d.name, d.branch_id, d.created_at FROM departments d
          WHERE d.workspace_id = $1 AND ($2::uuid IS NULL OR d.branch_id = $2) AND ($3 OR d.branch_id = $4)
          ORDER BY d.name LIMIT 300`,
        [workspace.id, branchId, all, user.branchId],
      ),
    );
    return rows.map((r) => ({
      departmentId: r.id,
      departmentName: r.name,
      branchId: r.branch_id,
      createdAt: new Date(r.created_at).toISOString(),
    }));
  });
}
