import type {
  AwarenessEventBody,
  EmployerDuties,
  EmployerDutiesBody,
  PoshNotice,
} from '../../../src/contracts/case/law.contract';
import type { Database, Sql } from '../../platform/db/database';
import { ok, refuse, type Outcome } from '../../platform/refusal';
import * as repo from './law.repository';

export interface DutiesActor {
  ws: string;
  userId: string;
  ip: string | null;
  workspaceName: string;
}

/** IN-12's penal consequences, as the notice prints them (POSH Act ss.13, 26). */
export const PENAL_CONSEQUENCES = [
  'Sexual harassment at the workplace is misconduct: the Internal Committee may recommend action under the service rules, up to termination, and deduction from wages as compensation to the aggrieved woman (POSH Act s.13).',
  'It may also be an offence under the Bharatiya Nyaya Sanhita (s.75, sexual harassment; s.79, words or acts against a woman’s modesty), punishable with imprisonment and fine.',
  'A false or malicious complaint, or false evidence, may itself lead to action (s.14).',
  'An employer who fails in these duties is liable to a fine up to ₹50,000, twice on a repeat, and the cancellation of its licence (s.26).',
];

/** Where else a complainant can go (IN-16), printed on the notice. */
export const ELSEWHERE = [
  'The Local Committee of your district (through the District Officer), when the complaint is against the employer or there is no Internal Committee.',
  'SHe-Box, the Government of India’s online complaint box: shebox.wcd.gov.in.',
  'The police: a complaint may be filed at any police station; the employer helps you do so.',
];

/**
 * IN-12, the employer's duties as tracked items (docs/law.md): the notice of penal consequences and of the committee
 * (published: shown to every member), where to get help with a police complaint, and the workshops, awareness
 * programmes and orientations with their attendance. Admins and employers record them; every member reads the notice.
 */
export class EmployerDutiesService {
  constructor(private readonly db: Database) {}

  async get(ws: string): Promise<EmployerDuties> {
    return this.db.tenant(ws, (tx) => this.read(tx, ws));
  }

  async save(actor: DutiesActor, body: EmployerDutiesBody): Promise<EmployerDuties> {
    return this.db.tenant(actor.ws, async (tx) => {
      await repo.saveDuties(tx, actor.ws, actor.userId, body.noticePublished, body.policeHelp);
      await audit(tx, actor, 'employer-duties.saved', { noticePublished: body.noticePublished });
      return this.read(tx, actor.ws);
    });
  }

  async record(actor: DutiesActor, body: AwarenessEventBody, today: string): Promise<Outcome<EmployerDuties>> {
    if (body.heldOn > today)
      return refuse('invalid', 'VALIDATION', 'Record what was held, not what is planned', {
        heldOn: 'Choose a day that is not in the future',
      });
    return this.db.tenant(actor.ws, async (tx): Promise<Outcome<EmployerDuties>> => {
      const known = await repo.knownPeople(tx, actor.ws, body.attendeeIds);
      const stranger = body.attendeeIds.findIndex((id) => !known.has(id));
      if (stranger >= 0)
        return refuse('invalid', 'VALIDATION', 'Choose attendees from the directory', {
          [`attendeeIds.${stranger}`]: 'Not a person of this workspace',
        });
      const committeeId = body.kind === 'COMMITTEE_ORIENTATION' ? await repo.workspaceCommitteeId(tx, actor.ws) : null;
      await repo.insertAwarenessEvent(tx, actor.ws, actor.userId, body, committeeId);
      await audit(tx, actor, 'employer-duties.event-recorded', { kind: body.kind, heldOn: body.heldOn });
      return ok(await this.read(tx, actor.ws));
    });
  }

  async notice(ws: string, workspaceName: string): Promise<PoshNotice> {
    return this.db.tenant(ws, async (tx) => {
      const duties = await repo.duties(tx, ws);
      const published = duties.notice_published_at !== null;
      const committees = published ? await repo.noticeCommittees(tx, ws) : [];
      return {
        published,
        workspaceName,
        penalConsequences: published ? PENAL_CONSEQUENCES : [],
        committees: committees.map((c) => ({
          name: c.name,
          members: (c.members ?? []).map((m) => ({ ...m, role: ROLE_WORDS[m.role] ?? m.role })),
        })),
        policeHelp: published ? duties.police_help : '',
        elsewhere: published ? ELSEWHERE : [],
      };
    });
  }

  private async read(tx: Sql, ws: string): Promise<EmployerDuties> {
    const duties = await repo.duties(tx, ws);
    const events = await repo.awarenessEvents(tx, ws);
    return {
      noticePublishedAt:
        duties.notice_published_at === null ? null : new Date(duties.notice_published_at).toISOString(),
      policeHelp: duties.police_help,
      events: events.map((e) => ({
        id: e.id,
        kind: e.kind,
        title: e.title,
        heldOn: e.held_on,
        audience: e.audience,
        attendance: e.head_count ?? Number(e.named),
        namedAttendees: Number(e.named),
        recordedAt: new Date(e.recorded_at).toISOString(),
      })),
    };
  }
}

const ROLE_WORDS: Record<string, string> = {
  PRESIDING_OFFICER: 'Presiding officer',
  EMPLOYEE_MEMBER: 'Member',
  EXTERNAL_MEMBER: 'External member',
  DESIGNATED_RECIPIENT: 'Designated recipient',
};

async function audit(tx: Sql, actor: DutiesActor, action: string, details: Record<string, unknown>): Promise<void> {
  await repo.insertAuditEvent(tx, { ws: actor.ws, userId: actor.userId, ip: actor.ip }, action, details);
}
