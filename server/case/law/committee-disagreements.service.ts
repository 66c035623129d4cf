import type {
  CommitteeDisagreement,
  CommitteeDisagreementBody,
} from '../../../src/contracts/case/committee-disagreements.contract';
import {
  disagreementDeleteProblem,
  disagreementKeptUntil,
} from '../../../src/domain/compliance/committee-disagreements';
import type { Clock } from '../../platform/clock';
import type { Database } from '../../platform/db/database';
import { ok, refuse, type Outcome } from '../../platform/refusal';
import { regimeOf, todayIn } from '../complaints/regime';
import * as repo from './committee-disagreements.repository';
import type { DutiesActor } from './employer-duties.service';
import { insertAuditEvent } from './law.repository';

const view = (row: repo.DisagreementRow): CommitteeDisagreement => ({
  id: row.id,
  subject: row.subject,
  committeePosition: row.committee_position,
  employerPosition: row.employer_position,
  occurredOn: row.occurred_on,
  recordedOn: row.recorded_on,
  recordedByName: row.recorded_by_name ?? 'A former member of staff',
  keptUntil: disagreementKeptUntil(row.recorded_on),
});

/**
 * CA-09 / CA-12 (docs/law.md): the employer records its disagreements with the workplace committee; each is kept 10
 * years from the day it was recorded (a delete before is refused naming CA-09) and never touched by the retention job.
 */
export class CommitteeDisagreementsService {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
  ) {}

  async list(ws: string): Promise<{ items: CommitteeDisagreement[] }> {
    return this.db.tenant(ws, async (tx) => ({ items: (await repo.disagreementsOf(tx, ws)).map(view) }));
  }

  async record(actor: DutiesActor, body: CommitteeDisagreementBody): Promise<Outcome<CommitteeDisagreement>> {
    return this.db.tenant(actor.ws, async (tx) => {
      const today = todayIn(await regimeOf(tx, actor.ws), this.clock.now());
      if (body.occurredOn > today)
        return refuse('invalid', 'VALIDATION', 'A disagreement is recorded once it arose', {
          occurredOn: 'Not a future day',
        });
      const id = await repo.insertDisagreement(tx, actor.ws, actor.userId, { ...body, recordedOn: today });
      await insertAuditEvent(tx, actor, 'committee-disagreement.recorded', {
        disagreementId: id,
        occurredOn: body.occurredOn,
      });
      return ok(view((await repo.disagreementById(tx, actor.ws, id))!));
    });
  }

  async delete(actor: DutiesActor, id: string): Promise<Outcome<{ ok: true }>> {
    return this.db.tenant(actor.ws, async (tx) => {
      const row = await repo.disagreementById(tx, actor.ws, id);
      if (!row) return refuse('not-found', 'NOT_FOUND', 'No such disagreement');
      const kept = disagreementDeleteProblem(row.recorded_on, todayIn(await regimeOf(tx, actor.ws), this.clock.now()));
      if (kept) return refuse('conflict', 'RECORD_KEPT', kept, { id: kept });
      await repo.deleteDisagreement(tx, actor.ws, id);
      await insertAuditEvent(tx, actor, 'committee-disagreement.deleted', { disagreementId: id });
      return ok({ ok: true as const });
    });
  }
}
