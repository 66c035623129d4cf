import type { Investigator, InvestigatorBody } from '../../contracts/case/investigations.contract';
import { attempt, invalid, type Refusal } from '../shared/refusal';
import type { InvestigationsApi } from './investigations-api.port';

/** CA-05: adds an investigator to the workspace's roster (the round robin takes them last). */
export class AddInvestigator {
  constructor(private readonly api: InvestigationsApi) {}

  async execute(body: InvestigatorBody): Promise<{ ok: true; investigator: Investigator } | Refusal> {
    const name = body.name.trim();
    const email = body.email.trim().toLowerCase();
    if (!name) return invalid('Enter the investigator’s name', 'name');
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) return invalid('Enter a valid email', 'email');
    const outcome = await attempt(() =>
      this.api.addInvestigator({ name, email, qualifications: body.qualifications?.trim() ?? '', kind: body.kind }),
    );
    return outcome.ok ? { ok: true, investigator: outcome.value } : outcome;
  }
}
