import { inject, injectable } from 'inversify';
import { makeAutoObservable } from 'mobx';
import { LawApi } from '../../application/law/law-api.port';
import type { LegalRule, ReturnsOverview, RuleStatus } from '../../contracts/case/law.contract';
import { Loadable } from '../shared/loadable';

export const RULE_STATUS: Record<RuleStatus, { text: string; color: string }> = {
  MET: { text: 'Met', color: 'green' },
  AT_RISK: { text: 'At risk', color: 'gold' },
  NOT_MET: { text: 'Not met', color: 'red' },
  NOT_APPLICABLE: { text: 'Not applicable', color: 'default' },
};

export { RETURN_NAMES } from '../../domain/compliance/statutory-returns';

/** The compliance page's legal rules (counts only) and the returns due, for admins and employers. */
@injectable()
export class LegalRulesViewModel {
  readonly overview = new Loadable<{ rules: LegalRule[]; due: ReturnsOverview['due'] }>({ rules: [], due: [] });

  constructor(@inject(LawApi) private readonly api: LawApi) {
    makeAutoObservable(this, {}, { autoBind: true });
  }

  get counts(): Record<RuleStatus, number> {
    const out: Record<RuleStatus, number> = { MET: 0, AT_RISK: 0, NOT_MET: 0, NOT_APPLICABLE: 0 };
    for (const r of this.rules) out[r.status] += 1;
    return out;
  }

  /** Plain rows for antd's Table (not an observer). */
  get rows(): LegalRule[] {
    return this.rules.map((r) => ({ ...r, computed: { ...r.computed } }));
  }

  load(): Promise<boolean> {
    return this.overview.load(async () => {
      const [rules, returns] = await Promise.all([this.api.legalRules(), this.api.returnsOverview()]);
      return { rules: rules.rules, due: returns.due };
    });
  }

  get rules(): LegalRule[] {
    return this.overview.value.rules;
  }

  get due(): ReturnsOverview['due'] {
    return this.overview.value.due;
  }
}
