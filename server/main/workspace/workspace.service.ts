import type { Branch, CompanyProfile, Department } from '../../../src/contracts/main/workspace.contract';
import { seesAllBusinessUnits, type Role } from '../../../src/domain/auth/roles';
import { courseLanguagesFor } from '../../../src/domain/courses/course';
import type { Database } from '../../platform/db/database';
import { isCanadian } from '../../platform/languages';
import { ok, refuse, type Outcome } from '../../platform/refusal';
import type { SiteResolver } from '../../platform/tenancy';
import { branchRows, defaultLanguage, departmentRows } from './workspace.repository';

/** Who reads the workspace's units: an admin or employer sees them all, anyone else only their own business unit. */
export interface WorkspaceViewer {
  workspaceId: string;
  role: Role;
  branchId: string | null;
}

/** The workspace's public profile (sign-in page) and its business units and departments as pickers. */
export class WorkspaceService {
  constructor(
    private readonly db: Database,
    private readonly sites: Pick<SiteResolver, 'resolve'>,
  ) {}

  async profile(host: string): Promise<Outcome<CompanyProfile>> {
    const site = await this.sites.resolve(host);
    if (site.kind !== 'workspace') return refuse('not-found', 'NOT_FOUND', 'There is no workspace at this address');
    const w = site.workspace;
    const [language, canadian] = await this.db.tenant(
      w.id,
      async (tx) => [await defaultLanguage(tx, w.id), await isCanadian(tx, w.id)] as const,
    );
    return ok({
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
      defaultLanguage: language ?? 'ENGLISH',
      languages: courseLanguagesFor(canadian),
      country: canadian ? ('CA' as const) : ('IN' as const),
    });
  }

  async branches(viewer: WorkspaceViewer, withCounts: boolean): Promise<Branch[]> {
    const all = seesAllBusinessUnits(viewer.role);
    const rows = await this.db.tenant(viewer.workspaceId, (tx) =>
      branchRows(tx, viewer.workspaceId, all, withCounts, viewer.branchId),
    );
    return rows.map((r) => ({
      branchId: r.id,
      branchName: r.name,
      headquarter: r.headquarter,
      backgroundColor: r.background_color,
      userCount: r.user_count,
    }));
  }

  async departments(viewer: WorkspaceViewer, branchId: string | null): Promise<Outcome<Department[]>> {
    const all = seesAllBusinessUnits(viewer.role);
    if (branchId && !all && branchId !== viewer.branchId)
      return refuse('not-found', 'NOT_FOUND', 'Business unit not found');
    const rows = await this.db.tenant(viewer.workspaceId, (tx) =>
      departmentRows(tx, viewer.workspaceId, branchId, all, viewer.branchId),
    );
    return ok(
      rows.map((r) => ({
        departmentId: r.id,
        departmentName: r.name,
        branchId: r.branch_id,
        createdAt: new Date(r.created_at).toISOString(),
      })),
    );
  }
}
