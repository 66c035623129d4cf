import type { Investigation } from '../../contracts/case/investigations.contract';
import { attempt, invalid, type Refusal } from '../shared/refusal';
import type { InvestigationsApi } from './investigations-api.port';

/** How an investigator's part on a case ends (CA-06). */
export type InvestigationEnd = { kind: 'FINAL_REPORT' } | { kind: 'REMOVE'; reason: string };

/**
 * The investigator makes the report final (the mandate ends and each party is sent it), or the committee removes the
 * investigator before that, with its reasons. The server decides who may do which.
 */
export class EndInvestigation {
  constructor(private readonly api: InvestigationsApi) {}

  async execute(
    complaintId: string,
    end: InvestigationEnd,
  ): Promise<{ ok: true; investigation: Investigation } | Refusal> {
    if (end.kind === 'REMOVE' && !end.reason.trim()) return invalid('Give the reason', 'reason');
    const outcome = await attempt(() =>
      end.kind === 'FINAL_REPORT'
        ? this.api.finaliseReport(complaintId)
        : this.api.removeInvestigator(complaintId, end.reason.trim()),
    );
    return outcome.ok ? { ok: true, investigation: outcome.value } : outcome;
  }
}
