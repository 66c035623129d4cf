import { emitPersonEvents } from '../../platform/webhooks/webhook-outbox';
import type { FastifyInstance } from 'fastify';
import {
  createUsersBulk,
  deleteUser,
  deleteUsersBulk,
  deleteUsersByFile,
  updateUser,
  userSearch,
  userStats,
  workspaceUsers,
  workspaceUsersSearch,
  type UserUpdate,
} from '../../../src/contracts/main/users.contract';
import { mayManageRole, ROLE_LABELS, seesAllBusinessUnits } from '../../../src/domain/auth/roles';
import { canSee, changeProblems, deleteProblem, type Actor } from '../../../src/domain/people/directory';
import { audit } from '../../platform/audit';
import type { ApiDeps } from '../../platform/deps';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors';
import { tenantBatch } from '../../platform/db/database';
import {
  guardStakes,
  recordDepartures,
  StakeRefusal,
  stakeRefusal,
  openCaseStakes,
  withStakeGuard,
} from '../../platform/case-stakes';
import { answer, raise } from '../../platform/refusal';
import { keyPeopleRefusal } from '../../platform/api-keys';
import { serve, workspaceUser, type HandlerContext, type UserPrincipal } from '../../platform/serve';
import { DirectoryRepository, pageStatements, readPage } from './directory.repository';
import { endAccess, UsersRepository } from './users.repository';
import { checkInvitees, checkUnits, invite, type Invitee } from '../invitations/invite-management.routes';
import { readImportRows, type ImportSource } from '../../platform/imports/import-file.parser';
import { readUpload } from '../../platform/imports/import-upload';
import { isEmailAddress } from '../../../src/domain/people/email-address';
import { ruleFieldsChanged } from '../../../src/domain/courses/auto-assign-rule';

/** The emails a deletion file lists: the column headed "email" (else the first), lower-cased, once each. */
async function emailsOfFile(kind: 'csv' | 'xlsx', source: ImportSource): Promise<string[]> {
  const emails = new Set<string>();
  let column = -1;
  for await (const batch of readImportRows(kind, source)) {
    for (const { cells } of batch) {
      if (column < 0) {
        column = Math.max(
          0,
          cells.findIndex((c) => /^e-?mail/i.test(c.trim())),
        );
        if (!isEmailAddress(cells[column] ?? '')) continue;
      }
      const value = (cells[column] ?? '').trim().toLowerCase();
      if (isEmailAddress(value)) emails.add(value);
    }
  }
  return [...emails];
}

const actorOf = (user: UserPrincipal): Actor => ({ userId: user.userId, role: user.role, branchId: user.branchId });
const confinement = (user: UserPrincipal) =>
  seesAllBusinessUnits(user.role) ? null : (user.branchId ?? '00000000-0000-0000-0000-000000000000');

const SEARCH_COLUMNS = {
  ALL: ['first', 'last', 'email', 'employee'],
  NAME: ['first', 'last'],
  EMAIL: ['email'],
  EMPLOYEE_ID: ['employee'],
} as const;

/** Checks that a business unit and department named in an edit exist here and belong together. */
async function checkPlacement(
  users: UsersRepository,
  branchId: string | null,
  departmentId: string | null | undefined,
): Promise<void> {
  if (branchId !== null && !(await users.branchExists(branchId)))
    throw badRequest('There is no such business unit', { branchId: 'Unknown business unit' });
  if (departmentId) {
    const department = await users.departmentUnit(departmentId);
    if (!department) throw badRequest('There is no such department', { departmentId: 'Unknown department' });
    if (department.branchId !== branchId)
      throw badRequest('The department belongs to another business unit', {
        departmentId: 'Not in this business unit',
      });
  }
}

/** The directory: list, search, stats, edit, deactivate, delete. Business-unit admins are held to their unit. */
export async function userRoutes(app: FastifyInstance, deps: ApiDeps): Promise<void> {
  /** The list and the search are one query: the search only adds its text to the filter. */
  const directoryPage = async (
    ctx: HandlerContext<typeof workspaceUsers> | HandlerContext<typeof workspaceUsersSearch>,
  ) => {
    const { user, workspace } = workspaceUser(ctx);
    const { page, pageSize, sortBy, sortOrder, ...filter } = ctx.body;
    // The page and its count in one tenant transaction, sent as one batch (one call into PGlite, one round trip to
    // PostgreSQL): the statements of DirectoryRepository.page.
    const statements = pageStatements(
      workspace.id,
      { ...filter, confinedTo: confinement(user) },
      { by: sortBy, order: sortOrder },
      page,
      pageSize,
    );
    return { ...readPage(await tenantBatch(deps.db, workspace.id, statements)), page, pageSize };
  };
  serve(app, workspaceUsers, directoryPage);
  serve(app, workspaceUsersSearch, directoryPage);

  serve(app, userSearch, async (ctx) => {
    const { user, workspace } = workspaceUser(ctx);
    const { category, searchText, includeNonActive } = ctx.body;
    return deps.db.tenant(workspace.id, (tx) =>
      new DirectoryRepository(tx, workspace.id).quickSearch(
        searchText,
        SEARCH_COLUMNS[category],
        includeNonActive,
        confinement(user),
      ),
    );
  });

  serve(app, userStats, async (ctx) => {
    const { user, workspace } = workspaceUser(ctx);
    return deps.db.tenant(workspace.id, (tx) => new DirectoryRepository(tx, workspace.id).stats(confinement(user)));
  });

  serve(app, updateUser, async (ctx) => {
    const { user, workspace } = workspaceUser(ctx);
    const change: UserUpdate = ctx.body;
    const keyLimit = keyPeopleRefusal(ctx.principal, { fields: Object.keys(change) });
    if (keyLimit) raise(keyLimit);
    let mayNowMatch = false;
    const guard = {
      ws: workspace.id,
      workspaceName: workspace.company_name,
      actorUserId: user.userId,
      ip: ctx.request.ip,
      what: 'deactivate' as const,
    };
    const updated = answer(
      await withStakeGuard(deps.db, deps.mail, guard, async (tx) => {
        const directory = new DirectoryRepository(tx, workspace.id);
        const users = new UsersRepository(tx, workspace.id);
        // Lock the row: two admins editing one person are applied one after the other.
        const locked = (await users.lock([ctx.params.id])).size > 0;
        const target = locked ? await directory.one(ctx.params.id) : undefined;
        if (!target || !canSee(actorOf(user), target)) throw notFound('There is no such user');
        if (!mayManageRole(user.role, target.role))
          throw forbidden(`A ${ROLE_LABELS[user.role]} may not change a ${ROLE_LABELS[target.role]}`);
        const keyLimitOnTarget = keyPeopleRefusal(ctx.principal, { targetRole: target.role });
        if (keyLimitOnTarget) raise(keyLimitOnTarget);
        const problems = changeProblems(actorOf(user), target, change, await directory.activeAdmins());
        if (Object.keys(problems).length > 0) throw conflict(Object.values(problems)[0]!, problems);

        const branchId = change.branchId ?? target.branchId;
        const movedUnit = change.branchId !== undefined && change.branchId !== target.branchId;
        // Moving to another unit drops a department of the old unit unless a new one is given.
        const departmentId =
          change.departmentId !== undefined ? change.departmentId : movedUnit ? null : target.departmentId;
        await checkPlacement(users, branchId, change.departmentId !== undefined ? departmentId : undefined);

        let status = change.status ?? target.status;
        if (change.status === 'ACTIVE' && target.status === 'INACTIVE') {
          // Reactivating someone who never finished their invitation puts them back to "invited".
          status = (await users.everSignedIn(target.userId)) ? 'ACTIVE' : 'INVITED';
        } else if (change.status === 'ACTIVE' && target.status === 'INVITED') {
          status = 'INVITED';
        }

        await users.update(target.userId, change, {
          branchId,
          departmentId: departmentId ?? null,
          role: change.role ?? target.role,
          status,
        });
        // What an auto-assignment rule reads changed (unit, department, role, joining date, reactivation): run the rules after the commit.
        mayNowMatch =
          status !== 'INACTIVE' &&
          ruleFieldsChanged(
            {
              branchId: target.branchId,
              departmentId: target.departmentId,
              dateOfJoining: target.dateOfJoining,
              role: target.role,
              status: target.status,
            },
            {
              branchId,
              departmentId: departmentId ?? null,
              dateOfJoining: change.dateOfJoining !== undefined ? change.dateOfJoining : target.dateOfJoining,
              role: change.role ?? target.role,
              status,
            },
          );
        const ip = ctx.request.ip;
        if (status === 'INACTIVE' && target.status !== 'INACTIVE') {
          // A party or presiding officer of an open case stays unless the presiding officer acknowledged it (docs/case.md).
          const stakes = await guardStakes(tx, workspace.id, [{ userId: target.userId, label: target.email }]);
          await recordDepartures(tx, deps.mail, { ...guard, done: true, stakes });
          await endAccess(tx, workspace.id, target.userId);
          await emitPersonEvents(tx, workspace.id, 'person.deprovisioned', [target.userId]);
          await audit(tx, {
            workspaceId: workspace.id,
            actorUserId: user.userId,
            action: 'USER_DEACTIVATED',
            target: target.userId,
            ip,
          });
        } else if (change.status === 'ACTIVE' && target.status === 'INACTIVE') {
          await emitPersonEvents(tx, workspace.id, 'person.provisioned', [target.userId]);
          await audit(tx, {
            workspaceId: workspace.id,
            actorUserId: user.userId,
            action: 'USER_REACTIVATED',
            target: target.userId,
            ip,
          });
        }
        if (change.role && change.role !== target.role) {
          // Sessions read the role live (server/platform/sessions.ts): the new rights hold from the next call.
          await audit(tx, {
            workspaceId: workspace.id,
            actorUserId: user.userId,
            action: 'ROLE_CHANGED',
            target: target.userId,
            ip,
            details: { from: target.role, to: change.role },
          });
        }
        const fields = Object.keys(change).filter((k) => k !== 'status' && k !== 'role');
        if (fields.length > 0)
          await audit(tx, {
            workspaceId: workspace.id,
            actorUserId: user.userId,
            action: 'USER_UPDATED',
            target: target.userId,
            ip,
            details: { fields },
          });
        return (await directory.one(target.userId))!;
      }),
    );
    if (mayNowMatch) await deps.people.changed(workspace.id, [updated.userId]);
    return updated;
  });

  async function deleteMany(
    ctx: { request: { ip: string } },
    user: UserPrincipal,
    workspaceId: string,
    workspaceName: string,
    ids: string[],
  ): Promise<number> {
    const unique = [...new Set(ids)];
    const guard = {
      ws: workspaceId,
      workspaceName,
      actorUserId: user.userId,
      ip: ctx.request.ip,
      what: 'delete' as const,
    };
    return answer(
      await withStakeGuard(deps.db, deps.mail, guard, async (tx) => {
        const directory = new DirectoryRepository(tx, workspaceId);
        const users = new UsersRepository(tx, workspaceId);
        await users.lock(unique);
        let admins = await directory.activeAdmins();
        const labels: { userId: string; label: string }[] = [];
        for (const id of unique) {
          const target = await directory.one(id);
          if (!target || !canSee(actorOf(user), target))
            throw notFound(unique.length > 1 ? `There is no such user: ${id}` : 'There is no such user');
          const problem = deleteProblem(actorOf(user), target, admins);
          if (problem) throw conflict(`${target.email}: ${problem}`, { ids: problem });
          if (target.role === 'WORKSPACE_ADMIN' && target.status === 'ACTIVE') admins -= 1;
          labels.push({ userId: target.userId, label: target.email });
        }
        // A party or presiding officer of an open case stays unless the presiding officer acknowledged it (docs/case.md).
        const stakes = await guardStakes(tx, workspaceId, labels);
        // Training assignments, invitations, codes and sessions go with the user (ON DELETE CASCADE); the audit trail
        // keeps the ids. Complaint records are not linked by foreign key and are never deleted with a user.
        await emitPersonEvents(tx, workspaceId, 'person.deprovisioned', unique, { deleted: true });
        const deleted = await users.delete(unique);
        await recordDepartures(tx, deps.mail, { ...guard, done: true, stakes });
        for (const row of deleted) {
          await audit(tx, {
            workspaceId,
            actorUserId: user.userId,
            action: 'USER_DELETED',
            target: row.id,
            ip: ctx.request.ip,
            details: { email: row.email },
          });
        }
        return deleted.length;
      }),
    );
  }

  serve(app, deleteUser, async (ctx) => {
    const { user, workspace } = workspaceUser(ctx);
    return { deleted: await deleteMany(ctx, user, workspace.id, workspace.company_name, [ctx.params.id]) };
  });

  serve(app, deleteUsersBulk, async (ctx) => {
    const { user, workspace } = workspaceUser(ctx);
    return { deleted: await deleteMany(ctx, user, workspace.id, workspace.company_name, ctx.body.ids) };
  });

  serve(app, createUsersBulk, async (ctx) => {
    const { user, workspace } = workspaceUser(ctx);
    const people: Invitee[] = ctx.body.users;
    const keyLimit = keyPeopleRefusal(ctx.principal, { roles: people.map((p) => p.role) });
    if (keyLimit) raise(keyLimit);
    return deps.db.tenant(workspace.id, async (tx) => {
      await checkUnits(
        tx,
        workspace.id,
        user,
        people.map((p) => p.branchId),
      );
      await checkInvitees(tx, workspace.id, user, people, 'users');
      const outcome = await invite(deps, tx, ctx, user, workspace, people, { send: false });
      return { created: outcome.invited, skipped: outcome.skipped };
    });
  });

  serve(app, deleteUsersByFile, async (ctx) => {
    const { user, workspace } = workspaceUser(ctx);
    const upload = await readUpload({ ...ctx, parses: deps.parses }, deps.settings.maxUploadBytes, false);
    const emails = await emailsOfFile(upload.kind, upload.source);
    if (emails.length === 0) throw badRequest('The file lists no emails', { file: 'No emails found' });
    const guard = {
      ws: workspace.id,
      workspaceName: workspace.company_name,
      actorUserId: user.userId,
      ip: ctx.request.ip,
      what: 'delete' as const,
    };
    return answer(
      await withStakeGuard(deps.db, deps.mail, guard, async (tx) => {
        const directory = new DirectoryRepository(tx, workspace.id);
        const users = new UsersRepository(tx, workspace.id);
        const found = await users.lockByEmails(emails);
        // People outside the caller's reach are reported as unknown: the answer does not reveal who exists elsewhere.
        const reachable = found.filter((f) => canSee(actorOf(user), { branchId: f.branch_id }));
        const byEmail = new Set(reachable.map((f) => f.email));
        const unknown = emails.filter((e) => !byEmail.has(e));
        let admins = await directory.activeAdmins();
        const refused: { email: string; reason: string }[] = [];
        for (const f of reachable) {
          const problem = deleteProblem(
            actorOf(user),
            { userId: f.id, role: f.role, branchId: f.branch_id, status: f.status },
            admins,
          );
          if (problem) refused.push({ email: f.email, reason: problem });
          else if (f.role === 'WORKSPACE_ADMIN' && f.status === 'ACTIVE') admins -= 1;
        }
        // A party or presiding officer of an open case stays unless the presiding officer acknowledged it (docs/case.md).
        const stakes = await openCaseStakes(
          tx,
          workspace.id,
          reachable.map((f) => f.id),
        );
        const blocked = stakes.filter((st) => !st.acknowledged);
        for (const st of blocked) {
          const email = reachable.find((f) => f.id === st.userId)!.email;
          if (!refused.some((r) => r.email === email)) refused.push({ email, reason: stakeRefusal('This person', st) });
        }
        const result = {
          matched: reachable.length,
          deleted: 0,
          unknown: unknown.slice(0, 50),
          unknownCount: unknown.length,
          refused,
        };
        if (ctx.query.confirm !== 'true') return result;
        if (blocked.length > 0)
          throw new StakeRefusal(
            `Nobody was deleted: ${stakeRefusal(reachable.find((f) => f.id === blocked[0]!.userId)!.email, blocked[0]!)}`,
            blocked,
          );
        if (refused.length > 0)
          throw conflict(`Nobody was deleted: ${refused[0]!.email}: ${refused[0]!.reason}`, {
            file: `${refused.length} ${refused.length === 1 ? 'person' : 'people'} may not be deleted`,
          });
        const ids = reachable.map((f) => f.id);
        await emitPersonEvents(tx, workspace.id, 'person.deprovisioned', ids, { deleted: true });
        await users.delete(ids);
        await recordDepartures(tx, deps.mail, { ...guard, done: true, stakes });
        await audit(tx, {
          workspaceId: workspace.id,
          actorUserId: user.userId,
          action: 'USERS_DELETED_BY_FILE',
          ip: ctx.request.ip,
          details: { count: ids.length, file: upload.fileName, emails: reachable.slice(0, 20).map((f) => f.email) },
        });
        return { ...result, deleted: ids.length };
      }),
    );
  });
}
