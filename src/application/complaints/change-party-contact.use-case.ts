import type { ComplaintDetail } from '../../contracts/case/complaints.contract';
import type { Party } from '../../contracts/case/case-runtime.contract';
import { attempt, invalid, type Refusal } from '../shared/refusal';
import type { ComplaintsApi } from './complaints-api.port';

export interface ContactValues {
  name?: string | null;
  email?: string | null;
  phone?: string | null;
}

/**
 * The committee adds or corrects a party's contact (docs/case.md "Due process in the case runtime"). Only what changed
 * is sent; an emptied detail is cleared; the complainant's name is never sent (it is theirs, as they gave it).
 */
export class ChangePartyContact {
  constructor(private readonly api: ComplaintsApi) {}

  async execute(
    detail: Pick<ComplaintDetail, 'complaintId' | 'complainant' | 'respondent'>,
    party: Party,
    values: ContactValues,
  ): Promise<{ ok: true; detail: ComplaintDetail } | Refusal> {
    const before = party === 'RESPONDENT' ? detail.respondent : detail.complainant;
    const fields = party === 'RESPONDENT' ? (['name', 'email', 'phone'] as const) : (['email', 'phone'] as const);
    const change: ContactValues = {};
    for (const f of fields) {
      const value = (values[f] ?? '').trim();
      if (value !== (before?.[f] ?? '')) change[f] = value;
    }
    if (party === 'COMPLAINANT' && change.email === '') return invalid('Enter the complainant’s email', 'email');
    if (Object.keys(change).length === 0) return invalid('Nothing changed', 'email');
    const outcome = await attempt(() => this.api.changeContact(detail.complaintId, party, change));
    return outcome.ok ? { ok: true, detail: outcome.value } : outcome;
  }
}
