import type {
  PreventionProgramme,
  PreventionProgrammeBody,
} from '../../../src/contracts/case/prevention-programme.contract';
import {
  reviewDueOn,
  reviewRemovalProblem,
  type PolicyElement,
} from '../../../src/domain/compliance/prevention-programme';
import type { Clock } from '../../platform/clock';
import type { Database } from '../../platform/db/database';
import { ok, refuse, type Outcome } from '../../platform/refusal';
import { regimeOf, todayIn } from '../complaints/regime';
import type { DutiesActor } from './employer-duties.service';
import { insertAuditEvent } from './law.repository';
import * as repo from './prevention-programme.repository';

const view = (row: repo.ProgrammeRow | null): PreventionProgramme => ({
  elements: row?.policy_elements ?? [],
  policyReviewedOn: row?.policy_reviewed_on ?? null,
  assessmentReviewedOn: row?.assessment_reviewed_on ?? null,
  policyReviewDue: reviewDueOn(row?.policy_reviewed_on ?? null),
  assessmentReviewDue: reviewDueOn(row?.assessment_reviewed_on ?? null),
  updatedAt: row ? new Date(row.updated_at).toISOString() : null,
});

/**
 * Canada's prevention programme (docs/law.md): the employer confirms the elements its policy contains and records the
 * joint reviews of the policy and of the workplace assessment; CA-03 and CA-12 are judged from it.
 */
export class PreventionProgrammeService {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
  ) {}

  async get(ws: string): Promise<PreventionProgramme> {
    return this.db.tenant(ws, async (tx) => view(await repo.programmeOf(tx, ws)));
  }

  async save(actor: DutiesActor, body: PreventionProgrammeBody): Promise<Outcome<PreventionProgramme>> {
    return this.db.tenant(actor.ws, async (tx) => {
      const today = todayIn(await regimeOf(tx, actor.ws), this.clock.now());
      const fields: Record<string, string> = {};
      if (body.policyReviewedOn && body.policyReviewedOn > today) fields.policyReviewedOn = 'Not a future day';
      if (body.assessmentReviewedOn && body.assessmentReviewedOn > today)
        fields.assessmentReviewedOn = 'Not a future day';
      if (Object.keys(fields).length > 0)
        return refuse('invalid', 'VALIDATION', 'A review is recorded once it took place', fields);
      // CA-09: a review recorded less than 10 years ago is kept: not cleared, not moved earlier.
      const before = await repo.programmeOf(tx, actor.ws);
      const policyKept = reviewRemovalProblem(before?.policy_reviewed_on ?? null, body.policyReviewedOn, today);
      if (policyKept) fields.policyReviewedOn = policyKept;
      const assessmentKept = reviewRemovalProblem(
        before?.assessment_reviewed_on ?? null,
        body.assessmentReviewedOn,
        today,
      );
      if (assessmentKept) fields.assessmentReviewedOn = assessmentKept;
      if (Object.keys(fields).length > 0) return refuse('conflict', 'RECORD_KEPT', Object.values(fields)[0], fields);
      await repo.saveProgramme(tx, actor.ws, actor.userId, {
        elements: body.elements as PolicyElement[],
        policyReviewedOn: body.policyReviewedOn,
        assessmentReviewedOn: body.assessmentReviewedOn,
      });
      if (body.policyReviewedOn) await repo.recordReview(tx, actor.ws, actor.userId, 'POLICY', body.policyReviewedOn);
      if (body.assessmentReviewedOn)
        await repo.recordReview(tx, actor.ws, actor.userId, 'ASSESSMENT', body.assessmentReviewedOn);
      await insertAuditEvent(tx, actor, 'prevention-programme.saved', {
        elements: body.elements.length,
        policyReviewedOn: body.policyReviewedOn,
        assessmentReviewedOn: body.assessmentReviewedOn,
      });
      return ok(view(await repo.programmeOf(tx, actor.ws)));
    });
  }
}
