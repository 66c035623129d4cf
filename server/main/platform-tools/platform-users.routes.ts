import type { FastifyInstance } from 'fastify';
import {
  updateWorkspaceUser,
  userRecord,
  type PlatformUser,
} from '../../../src/contracts/main/platform-users.contract';
import { audit } from '../../platform/audit';
import type { Sql } from '../../platform/db/database';
import type { ApiDeps } from '../../platform/deps';
import { conflict, notFound } from '../../platform/errors';
import { serve } from '../../platform/serve';
import { endAccess } from '../users/users.repository';
import { guardStakes, recordDepartures, withStakeGuard } from '../../platform/case-stakes';
import { answer } from '../../platform/refusal';
import { iso, platformAdminId, requireWorkspace } from './support';

interface UserRow {
  id: string;
  workspace_id: string;
  email: string;
  first_name: string;
  last_name: string;
  role: PlatformUser['role'];
  status: PlatformUser['status'];
  created_at: Date | string;
}

const USER_COLUMNS = 'id, workspace_id, email, first_name, last_name, role, status, created_at';

const toUser = (r: UserRow): PlatformUser => ({
  userId: r.id,
  workspaceId: r.workspace_id,
  email: r.email,
  firstName: r.first_name,
  lastName: r.last_name,
  role: r.role,
  status: r.status,
  createdAt: iso(r.created_at),
});

const NO_SUCH_USER = 'There is no such user in this workspace';

async function findUser(
  tx: Sql,
  workspaceId: string,
  by: { userId?: string; email?: string },
  lock = false,
): Promise<UserRow> {
  const [row] = await tx.query<UserRow>(
    `SELECT ${USER_COLUMNS} FROM users
      WHERE workspace_id = $1 AND ($2::uuid IS NULL OR id = $2) AND ($3::text IS NULL OR lower(email) = $3)
      ${lock ? 'FOR UPDATE' : ''}`,
    [workspaceId, by.userId ?? null, by.email?.toLowerCase() ?? null],
  );
  if (!row) throw notFound(NO_SUCH_USER);
  return row;
}

/** The platform admin's user lookup and fixes: always for the (workspaceId, userId) pair given, never across it. */
export async function platformUserRoutes(app: FastifyInstance, deps: ApiDeps): Promise<void> {
  serve(app, updateWorkspaceUser, async ({ body, principal, request }) => {
    const guard = {
      ws: body.workspaceId,
      workspaceName: '',
      actorUserId: null,
      ip: request.ip,
      what: 'deactivate' as const,
      platformAdmin: true,
    };
    return answer(
      await withStakeGuard(deps.db, deps.mail, guard, async (tx) => {
        await requireWorkspace(tx, body.workspaceId);
        const before = await findUser(tx, body.workspaceId, { userId: body.userId }, true);
        const next = {
          first_name: body.firstName ?? before.first_name,
          last_name: body.lastName ?? before.last_name,
          email: body.email ?? before.email,
          role: body.role ?? before.role,
          status: body.status ?? before.status,
        };
        if (next.email.toLowerCase() !== before.email.toLowerCase()) {
          const [taken] = await tx.query(
            'SELECT 1 FROM users WHERE workspace_id = $1 AND lower(email) = $2 AND id <> $3',
            [body.workspaceId, next.email.toLowerCase(), before.id],
          );
          if (taken)
            throw conflict('Another user of this workspace has this email', {
              email: 'Already used in this workspace',
            });
        }
        const [row] = await tx.query<UserRow>(
          `UPDATE users SET first_name = $3, last_name = $4, email = $5, role = $6, status = $7, updated_at = now()
          WHERE workspace_id = $1 AND id = $2 RETURNING ${USER_COLUMNS}`,
          [body.workspaceId, before.id, next.first_name, next.last_name, next.email, next.role, next.status],
        );
        // A deactivated user is signed out everywhere at once, and their invitation and codes are void.
        if (next.status === 'INACTIVE' && before.status !== 'INACTIVE') {
          // A party or presiding officer of an open case stays unless the presiding officer acknowledged it (docs/case.md).
          const stakes = await guardStakes(tx, body.workspaceId, [{ userId: before.id, label: before.email }]);
          await recordDepartures(tx, deps.mail, { ...guard, done: true, stakes });
          await endAccess(tx, body.workspaceId, before.id);
        }
        const changed: Record<string, { from: string; to: string }> = {};
        for (const key of Object.keys(next) as (keyof typeof next)[]) {
          if (next[key] !== before[key]) changed[key] = { from: before[key], to: next[key] };
        }
        await audit(tx, {
          workspaceId: body.workspaceId,
          actorPlatformAdminId: platformAdminId(principal),
          action: 'user.updated_by_platform',
          target: before.id,
          ip: request.ip,
          details: { changed },
        });
        return toUser(row);
      }),
    );
  });

  serve(app, userRecord, async ({ body, principal, request }) =>
    deps.db.tenant(body.workspaceId, async (tx) => {
      await requireWorkspace(tx, body.workspaceId);
      const user = await findUser(tx, body.workspaceId, { userId: body.userId, email: body.email });
      const courses = await tx.query<{
        course_id: string;
        title: string;
        status: 'ASSIGNED' | 'IN_PROGRESS' | 'COMPLETED';
        assigned_at: Date | string;
        completed_at: Date | string | null;
      }>(
        `SELECT ca.course_id, c.title, ca.status, ca.assigned_at, ca.completed_at
           FROM course_assignments ca
           JOIN courses c ON c.workspace_id = ca.workspace_id AND c.id = ca.course_id
          WHERE ca.workspace_id = $1 AND ca.user_id = $2
          ORDER BY ca.assigned_at DESC, c.title`,
        [body.workspaceId, user.id],
      );
      // The policies published to this person (the whole workspace, or their business unit), each with their latest
      // acceptance against the newest version that has a document.
      const policies = await tx.query<{
        policy_id: string;
        title: string;
        current_version: number | null;
        accepted_version: number | null;
        accepted_at: Date | string | null;
      }>(
        `SELECT w.id AS policy_id, p.title,
                (SELECT max(v.version) FROM catalogue_policy_versions v
                  WHERE v.policy_id = w.catalogue_policy_id
                    AND EXISTS (SELECT 1 FROM catalogue_policy_documents d WHERE d.policy_id = v.policy_id AND d.version = v.version AND d.status = 'CONFIRMED')) AS current_version,
                a.version AS accepted_version, a.accepted_at
           FROM workspace_policies w
           JOIN catalogue_policies p ON p.id = w.catalogue_policy_id
           JOIN users u ON u.workspace_id = w.workspace_id AND u.id = $2
           LEFT JOIN LATERAL (SELECT version, accepted_at FROM policy_acceptances
                               WHERE workspace_id = w.workspace_id AND policy_id = w.id AND user_id = $2
                               ORDER BY accepted_at DESC, id DESC LIMIT 1) a ON true
          WHERE w.workspace_id = $1
            AND (w.scope = 'WORKSPACE' OR EXISTS (SELECT 1 FROM workspace_policy_units pu
                                                   WHERE pu.workspace_id = w.workspace_id AND pu.policy_id = w.id AND pu.branch_id = u.branch_id))
          ORDER BY w.published_at DESC, w.id`,
        [body.workspaceId, user.id],
      );
      // Reading a person's training record is recorded like a change.
      await audit(tx, {
        workspaceId: body.workspaceId,
        actorPlatformAdminId: platformAdminId(principal),
        action: 'user.record_viewed',
        target: user.id,
        ip: request.ip,
      });
      return {
        user: toUser(user),
        courses: courses.map((c) => ({
          courseId: c.course_id,
          title: c.title,
          status: c.status,
          progress: c.status === 'COMPLETED' ? 100 : c.status === 'ASSIGNED' ? 0 : null,
          assignedAt: iso(c.assigned_at),
          completedAt: c.completed_at ? iso(c.completed_at) : null,
        })),
        policies: policies.map((p) => ({
          policyId: p.policy_id,
          title: p.title,
          status:
            p.accepted_version === null
              ? 'Not accepted yet'
              : p.accepted_version === p.current_version
                ? `Accepted version ${p.accepted_version}`
                : `Accepted version ${p.accepted_version} (version ${p.current_version} is current)`,
          acceptedAt: p.accepted_at ? iso(p.accepted_at) : null,
        })),
      };
    }),
  );
}
