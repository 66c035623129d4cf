import { it } from 'vitest';
import type { PreventionProgrammeApi } from '../../src/application/law/prevention-programme-api.port';
import type {
  PreventionProgramme,
  PreventionProgrammeBody,
} from '../../src/contracts/case/prevention-programme.contract';

/** A fake of the port: keeps what it was sent. */
export class FakePreventionProgrammeApi implements PreventionProgrammeApi {
  sent: PreventionProgrammeBody[] = [];
  async programme(): Promise<PreventionProgramme> {
    throw new Error('not used');
  }
  async save(body: PreventionProgrammeBody): Promise<PreventionProgramme> {
    this.sent.push(body);
    return { ...body, policyReviewDue: null, assessmentReviewDue: null, updatedAt: null };
  }
}
