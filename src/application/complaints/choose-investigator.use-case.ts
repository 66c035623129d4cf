import type { Investigation } from '../../contracts/case/investigations.contract';
import { attempt, invalid, type Refusal } from '../shared/refusal';
import type { InvestigationsApi } from './investigations-api.port';

/** How the committee moves the choice of a case's investigator on (CA-05). */
export type InvestigatorChoice =
  | { kind: 'PROPOSE'; investigatorId: string | null }
  | { kind: 'AGREED'; party: 'COMPLAINANT' | 'RESPONDENT' }
  | { kind: 'ROSTER' };

/**
 * CA-05: the committee proposes an investigator, records each party's agreement (both appoint them), or, 60 days on
 * without it, has the roster's next appointed. The server decides stakes, anonymity and the 60 days.
 */
export class ChooseInvestigator {
  constructor(private readonly api: InvestigationsApi) {}

  async execute(
    complaintId: string,
    choice: InvestigatorChoice,
  ): Promise<{ ok: true; investigation: Investigation } | Refusal> {
    if (choice.kind === 'PROPOSE' && !choice.investigatorId)
      return invalid('Choose an investigator of the roster', 'investigatorId');
    const outcome = await attempt(() =>
      choice.kind === 'PROPOSE'
        ? this.api.propose(complaintId, choice.investigatorId!)
        : choice.kind === 'AGREED'
          ? this.api.recordAgreement(complaintId, choice.party)
          : this.api.appointFromRoster(complaintId),
    );
    return outcome.ok ? { ok: true, investigation: outcome.value } : outcome;
  }
}
