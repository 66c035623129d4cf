import type { z } from 'zod';
import { CommitteeBody, type Committee, type CommitteeList } from '../../../src/contracts/case/complaints.contract';
import type { Compliance } from '../../../src/domain/workflows/builder-rules';
import { compositionWarnings, designatedRecipientWarnings } from '../../../src/domain/complaints/committee';
import { audit } from '../../platform/audit';
import type { Database, Sql } from '../../platform/db/database';
import { ok, refuse, type Refusal } from '../../platform/refusal';
import * as repo from './committees.repository';
import { defaultHolidaysOf, regimeOf, todayIn, type RegimeSettings } from './regime';
import { recusesWitnesses } from './regime';
import {
  applyMembers,
  recuseSeatedWitnesses,
  type MembershipService,
  type Outcome,
  type SetupCaller,
} from './membership.service';

export type ComplaintSettingsView = RegimeSettings & { defaultHolidays: string[]; recuseWitnesses: boolean };

/** The settings with the jurisdiction's default holidays of this year and the next (the holidays screen lists them). */
function withDefaults(settings: RegimeSettings, recuseWitnesses: boolean): ComplaintSettingsView {
  const year = Number(todayIn(settings).slice(0, 4));
  return {
    ...settings,
    defaultHolidays: [...defaultHolidaysOf(settings, year), ...defaultHolidaysOf(settings, year + 1)],
    recuseWitnesses,
  };
}

/** The committees of a workspace with their members and warnings (computed on read by the domain). */
export async function readCommittees(tx: Sql, ws: string, regime: RegimeSettings, id?: string): Promise<Committee[]> {
  const rows = await repo.committeeRows(tx, ws, id);
  const members = await repo.memberRows(
    tx,
    ws,
    rows.map((r) => r.id),
  );
  const today = todayIn(regime);
  return rows.map((r) => {
    const own = members.filter((m) => m.committee_id === r.id);
    const list = own.map((m) => ({
      memberId: m.id,
      userId: m.user_id,
      name: m.name || m.email,
      email: m.email,
      role: m.role,
      gender: m.gender,
      senior: m.senior,
      fromAnotherOffice: m.from_another_office,
    }));
    const canada = regime.compliance === 'CA_FEDERAL';
    const warnings = canada
      ? designatedRecipientWarnings({ termEnd: r.term_end, members: list }, today)
      : compositionWarnings(
          {
            termStart: r.term_start,
            termEnd: r.term_end,
            members: list
              .filter((m) => m.role !== 'DESIGNATED_RECIPIENT')
              .map((m) => ({
                id: m.userId,
                name: m.name,
                role: m.role as 'PRESIDING_OFFICER',
                gender: m.gender,
                senior: m.senior,
                fromAnotherOffice: m.fromAnotherOffice,
              })),
          },
          today,
        );
    return {
      committeeId: r.id,
      name: r.name,
      branchId: r.branch_id,
      branchName: r.branch_name,
      termStart: r.term_start,
      termEnd: r.term_end,
      kind: canada ? ('DESIGNATED_RECIPIENTS' as const) : ('INTERNAL_COMMITTEE' as const),
      members: list,
      warnings,
    };
  });
}

type Body = z.output<typeof CommitteeBody>;

/** What is wrong with the committee as asked (null: nothing). */
async function bodyRefusal(
  tx: Sql,
  ws: string,
  body: Omit<Body, 'branchId'> & { branchId?: string | null },
  regime: RegimeSettings,
): Promise<Refusal | null> {
  const fields: Record<string, string> = {};
  if (body.termEnd <= body.termStart) fields.termEnd = 'The term ends after it starts';
  const seen = new Set<string>();
  body.members.forEach((m, i) => {
    if (seen.has(m.userId)) fields[`members.${i}.userId`] = 'This person is already a member';
    seen.add(m.userId);
    const canada = regime.compliance === 'CA_FEDERAL';
    if (canada && m.role !== 'DESIGNATED_RECIPIENT')
      fields[`members.${i}.role`] = 'A Canada workspace names designated recipients (CA-01)';
    if (!canada && m.role === 'DESIGNATED_RECIPIENT')
      fields[`members.${i}.role`] = 'Designated recipients are for Canada workspaces; name committee members (IN-02)';
  });
  if (body.members.length > 0) {
    const ids = await repo.knownUsers(
      tx,
      ws,
      body.members.map((m) => m.userId),
    );
    body.members.forEach((m, i) => {
      if (!ids.has(m.userId)) fields[`members.${i}.userId`] = 'Not a member of this workspace';
    });
  }
  if (body.branchId) {
    if (!(await repo.branchExists(tx, ws, body.branchId))) fields.branchId = 'Not a business unit of this workspace';
  }
  if (!Object.keys(fields).length) return null;
  return refuse('invalid', 'VALIDATION', `Invalid committee: ${Object.keys(fields).join(', ')}`, fields);
}

export type SetupActor = SetupCaller;

const noCommittee = (): Refusal => refuse('not-found', 'NOT_FOUND', 'Committee not found');

/** The committee setup and the workspace's complaint settings (docs/case.md "Complaints"). */
export class CommitteeService {
  constructor(
    private readonly db: Database,
    private readonly membership: MembershipService,
  ) {}

  list(ws: string): Promise<CommitteeList> {
    return this.db.tenant(ws, async (tx) => {
      const regime = await regimeOf(tx, ws);
      return { compliance: regime.compliance, items: await readCommittees(tx, ws, regime) };
    });
  }

  get(ws: string, id: string): Promise<Outcome<Committee>> {
    return this.db.tenant(ws, async (tx) => {
      const [found] = await readCommittees(tx, ws, await regimeOf(tx, ws), id);
      return found ? ok(found) : noCommittee();
    });
  }

  /**
   * Constitutes a committee: its first members are seated at once (no case can be before a committee that did not
   * exist), but never the caller (docs/case.md "Committee membership").
   */
  create(actor: SetupActor, body: Body): Promise<Outcome<Committee>> {
    return this.db.tenant(actor.ws, async (tx) => {
      const regime = await regimeOf(tx, actor.ws);
      const invalid = await bodyRefusal(tx, actor.ws, body, regime);
      if (invalid) return invalid;
      const self = this.membership.selfSeated(actor, body.members);
      if (self) return self;
      if (await repo.hasCommittee(tx, actor.ws, body.branchId)) {
        return refuse(
          'conflict',
          'CONFLICT',
          body.branchId
            ? 'This business unit already has a committee: change it instead'
            : 'The workspace already has a committee: change it instead',
          {
            branchId: 'Already has a committee',
          },
        );
      }
      const id = await repo.insertCommittee(tx, actor.ws, {
        branchId: body.branchId,
        name: body.name,
        termStart: body.termStart,
        termEnd: body.termEnd,
        createdBy: actor.userId,
      });
      await applyMembers(tx, actor.ws, id, body.members, actor.userId);
      const [committee] = await readCommittees(tx, actor.ws, regime, id);
      await audit(tx, {
        workspaceId: actor.ws,
        actorUserId: actor.userId,
        action: 'committee.create',
        target: id,
        ip: actor.ip,
        details: {
          branchId: body.branchId,
          members: body.members.length,
          warnings: committee.warnings.map((w) => w.code),
        },
      });
      return { ok: true as const, value: committee };
    });
  }

  /**
   * Changes a committee. A change of its seats (who sits, in which role) waits for approval (MembershipService.request)
   * and the committee answers as it stands; a change of its name, term or members' details alone applies at once.
   */
  update(actor: SetupActor, id: string, body: Omit<Body, 'branchId'>): Promise<Outcome<Committee>> {
    return this.db.tenant(actor.ws, async (tx) => {
      if (!(await repo.lockCommittee(tx, actor.ws, id))) return noCommittee();
      const regime = await regimeOf(tx, actor.ws);
      const invalid = await bodyRefusal(tx, actor.ws, body, regime);
      if (invalid) return invalid;
      const requested = await this.membership.request(tx, actor, id, body);
      if (!requested.ok) return requested;
      if (requested.value) {
        await audit(tx, {
          workspaceId: actor.ws,
          actorUserId: actor.userId,
          action: 'committee.change.request',
          target: id,
          ip: actor.ip,
          details: { changeId: requested.value.changeId },
        });
        const [standing] = await readCommittees(tx, actor.ws, regime, id);
        return { ok: true as const, value: standing };
      }
      await repo.updateCommittee(tx, actor.ws, id, {
        name: body.name,
        termStart: body.termStart,
        termEnd: body.termEnd,
      });
      await applyMembers(tx, actor.ws, id, body.members, actor.userId);
      const [committee] = await readCommittees(tx, actor.ws, regime, id);
      await audit(tx, {
        workspaceId: actor.ws,
        actorUserId: actor.userId,
        action: 'committee.update',
        target: id,
        ip: actor.ip,
        details: { members: body.members.length, warnings: committee.warnings.map((w) => w.code) },
      });
      return { ok: true as const, value: committee };
    });
  }

  async settings(ws: string): Promise<ComplaintSettingsView> {
    return this.db.tenant(ws, async (tx) => withDefaults(await regimeOf(tx, ws), await recusesWitnesses(tx, ws)));
  }

  saveSettings(
    actor: SetupActor,
    body: {
      compliance: Compliance;
      extraHolidays: string[];
      saturdayOff: boolean;
      removedHolidays?: string[];
      recuseWitnesses?: boolean;
    },
  ): Promise<Outcome<ComplaintSettingsView>> {
    return this.db.tenant(actor.ws, async (tx) => {
      const holidays = [...new Set(body.extraHolidays)].sort();
      // Only a default holiday can be taken out (an added one is simply not added); any year is accepted.
      const removed = [...new Set(body.removedHolidays ?? [])].sort();
      const { regionCode } = await regimeOf(tx, actor.ws);
      const fields: Record<string, string> = {};
      (body.removedHolidays ?? []).forEach((day, i) => {
        if (!defaultHolidaysOf({ compliance: body.compliance, regionCode }, Number(day.slice(0, 4))).includes(day)) {
          fields[`removedHolidays.${i}`] = `${day} is not a default public holiday of this jurisdiction or region`;
        }
      });
      if (Object.keys(fields).length > 0)
        return refuse('invalid', 'VALIDATION', 'Only a default public holiday can be removed', fields);
      const before = await recusesWitnesses(tx, actor.ws);
      await repo.saveComplaintSettings(tx, actor.ws, {
        compliance: body.compliance,
        extraHolidays: holidays,
        saturdayOff: body.saturdayOff,
        removedHolidays: removed,
      });
      const recuse = body.recuseWitnesses ?? before;
      let recusedNow = 0;
      if (body.recuseWitnesses !== undefined) {
        await repo.setRecuseWitnesses(tx, actor.ws, recuse);
        // Turned on: the witnesses who sit on their case's committee are recused now. Turned off: nobody is admitted
        // by it (a recusal stays until the one presiding decides otherwise).
        if (recuse && !before) recusedNow = await recuseSeatedWitnesses(tx, actor.ws, actor.userId, actor.ip);
      }
      await audit(tx, {
        workspaceId: actor.ws,
        actorUserId: actor.userId,
        action: 'complaint-settings.save',
        ip: actor.ip,
        details: {
          compliance: body.compliance,
          extraHolidays: holidays,
          removedHolidays: removed,
          saturdayOff: body.saturdayOff,
          recuseWitnesses: recuse,
          ...(recusedNow ? { witnessesRecused: recusedNow } : {}),
        },
      });
      return ok(withDefaults(await regimeOf(tx, actor.ws), recuse));
    });
  }
}
