import type {
  PlatformUser,
  UpdateUserBody,
  UserRecord,
  UserRecordBody,
} from '../../../src/contracts/main/platform-users.contract';
import { audit } from '../../platform/audit';
import { guardStakes, recordDepartures, withStakeGuard } from '../../platform/case-stakes';
import type { Database } from '../../platform/db/database';
import type { Mailer } from '../../platform/messages';
import { ok, refuse, type Outcome } from '../../platform/refusal';
import { endAccess } from '../users/users.repository';
import {
  courseRecords,
  emailTaken,
  findUser,
  policyRecords,
  targetWorkspace,
  updateUser,
  type UserRow,
} from './platform-users.repository';
import { instantText } from '../../../src/domain/shared/date-time';
import type { Actor } from '../../platform/actor';

const toUser = (r: UserRow): PlatformUser => ({
  userId: r.id,
  workspaceId: r.workspace_id,
  email: r.email,
  firstName: r.first_name,
  lastName: r.last_name,
  role: r.role,
  status: r.status,
  createdAt: instantText(r.created_at),
});

const noSuchWorkspace = () => refuse('not-found', 'NOT_FOUND', 'There is no such workspace');
const noSuchUser = () => refuse('not-found', 'NOT_FOUND', 'There is no such user in this workspace');

/** The platform admin's user lookup and fixes: always for the (workspaceId, userId) pair given, never across it. */
export class PlatformUsersService {
  constructor(
    private readonly db: Database,
    private readonly mail: Mailer,
  ) {}

  async update(actor: Pick<Actor, 'platformAdminId' | 'ip'>, body: UpdateUserBody): Promise<Outcome<PlatformUser>> {
    const guard = {
      ws: body.workspaceId,
      workspaceName: '',
      actorUserId: null,
      ip: actor.ip,
      what: 'deactivate' as const,
      platformAdmin: true,
    };
    const guarded = await withStakeGuard(this.db, this.mail, guard, async (tx): Promise<Outcome<PlatformUser>> => {
      if (!(await targetWorkspace(tx, body.workspaceId))) return noSuchWorkspace();
      const before = await findUser(tx, body.workspaceId, { userId: body.userId }, true);
      if (!before) return noSuchUser();
      const next = {
        first_name: body.firstName ?? before.first_name,
        last_name: body.lastName ?? before.last_name,
        email: body.email ?? before.email,
        role: body.role ?? before.role,
        status: body.status ?? before.status,
      };
      if (
        next.email.toLowerCase() !== before.email.toLowerCase() &&
        (await emailTaken(tx, body.workspaceId, next.email.toLowerCase(), before.id))
      )
        return refuse('conflict', 'CONFLICT', 'Another user of this workspace has this email', {
          email: 'Already used in this workspace',
        });
      const row = await updateUser(tx, body.workspaceId, before.id, next);
      // A deactivated user is signed out everywhere at once, and their invitation and codes are void.
      if (next.status === 'INACTIVE' && before.status !== 'INACTIVE') {
        // A party or presiding officer of an open case stays unless the presiding officer acknowledged it (docs/case.md).
        const stakes = await guardStakes(tx, body.workspaceId, [{ userId: before.id, label: before.email }]);
        await recordDepartures(tx, this.mail, { ...guard, done: true, stakes });
        await endAccess(tx, body.workspaceId, before.id);
      }
      const changed: Record<string, { from: string; to: string }> = {};
      for (const key of Object.keys(next) as (keyof typeof next)[]) {
        if (next[key] !== before[key]) changed[key] = { from: before[key], to: next[key] };
      }
      await audit(tx, {
        workspaceId: body.workspaceId,
        actorPlatformAdminId: actor.platformAdminId,
        action: 'user.updated_by_platform',
        target: before.id,
        ip: actor.ip,
        details: { changed },
      });
      return ok(toUser(row));
    });
    return guarded.ok ? guarded.value : guarded;
  }

  async record(actor: Pick<Actor, 'platformAdminId' | 'ip'>, body: UserRecordBody): Promise<Outcome<UserRecord>> {
    return this.db.tenant(body.workspaceId, async (tx): Promise<Outcome<UserRecord>> => {
      if (!(await targetWorkspace(tx, body.workspaceId))) return noSuchWorkspace();
      const user = await findUser(tx, body.workspaceId, { userId: body.userId, email: body.email });
      if (!user) return noSuchUser();
      const courses = await courseRecords(tx, body.workspaceId, user.id);
      const policies = await policyRecords(tx, body.workspaceId, user.id);
      // Reading a person's training record is recorded like a change.
      await audit(tx, {
        workspaceId: body.workspaceId,
        actorPlatformAdminId: actor.platformAdminId,
        action: 'user.record_viewed',
        target: user.id,
        ip: actor.ip,
      });
      return ok({
        user: toUser(user),
        courses: courses.map((c) => ({
          courseId: c.course_id,
          title: c.title,
          status: c.status,
          progress: c.status === 'COMPLETED' ? 100 : c.status === 'ASSIGNED' ? 0 : null,
          assignedAt: instantText(c.assigned_at),
          completedAt: c.completed_at ? instantText(c.completed_at) : null,
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
          acceptedAt: p.accepted_at ? instantText(p.accepted_at) : null,
        })),
      });
    });
  }
}
