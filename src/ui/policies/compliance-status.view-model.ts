import { inject, injectable } from 'inversify';
import { DeclareJurisdictions } from '../../application/policies/declare-jurisdictions.use-case';
import { makeAutoObservable, runInAction } from 'mobx';
import { WorkspaceComplianceApi } from '../../application/policies/workspace-compliance.port';
import { describeError } from '../../application/shared/api-error';
import type { Jurisdiction } from '../../contracts/learning/catalogue.contract';
import type { ComplianceStatus, ObligationState } from '../../contracts/learning/compliance.contract';
import { Loadable } from '../shared/loadable';

export const STATE_LABELS: Record<ObligationState, { text: string; color: string }> = {
  MET: { text: 'Met', color: 'green' },
  PARTIAL: { text: 'In progress', color: 'gold' },
  MISSING: { text: 'Missing', color: 'red' },
  NOT_TRACKED: { text: 'Not yet tracked', color: 'default' },
};

/** The workspace's compliance page: the jurisdictions it declares, and each obligation's evidence and state. */
@injectable()
export class ComplianceStatusViewModel {
  /** The workspace's compliance, with the jurisdictions it declared and those it may choose. */
  readonly compliance = new Loadable<{
    report: ComplianceStatus | null;
    declared: Jurisdiction[];
    choices: Jurisdiction[];
  }>({ report: null, declared: [], choices: [] });
  saving = false;
  saveError: string | null = null;

  constructor(
    @inject(WorkspaceComplianceApi) private readonly api: WorkspaceComplianceApi,
    @inject(DeclareJurisdictions) private readonly declaring: DeclareJurisdictions,
  ) {
    makeAutoObservable(this, {}, { autoBind: true });
  }

  /** Countries first, each followed by its states or provinces, as the select's options. */
  get options(): { value: string; label: string }[] {
    const countries = this.choices.filter((j) => !j.parentId);
    return countries.flatMap((country) => [
      { value: country.id, label: `${country.name} (${country.code})` },
      ...this.choices
        .filter((j) => j.parentId === country.id)
        .map((j) => ({ value: j.id, label: `${j.name} (${j.code})` })),
    ]);
  }

  /** Counts by state over every obligation, for the figures at the top. */
  get figures(): Record<ObligationState, number> {
    const counts: Record<ObligationState, number> = { MET: 0, PARTIAL: 0, MISSING: 0, NOT_TRACKED: 0 };
    for (const j of this.report?.jurisdictions ?? []) for (const o of j.obligations) counts[o.state] += 1;
    return counts;
  }

  get showsCadence(): boolean {
    return (this.report?.jurisdictions ?? []).some((j) => j.trainingCadence);
  }

  load(): Promise<boolean> {
    return this.compliance.load(async () => {
      const [report, jurisdictions] = await Promise.all([this.api.status(), this.api.jurisdictions()]);
      return { report, declared: jurisdictions.declared, choices: jurisdictions.choices };
    });
  }

  get report(): ComplianceStatus | null {
    return this.compliance.value.report;
  }

  get declared(): Jurisdiction[] {
    return this.compliance.value.declared;
  }

  get choices(): Jurisdiction[] {
    return this.compliance.value.choices;
  }

  async declare(jurisdictionIds: string[]): Promise<boolean> {
    this.saving = true;
    this.saveError = null;
    try {
      const outcome = await this.declaring.execute(jurisdictionIds);
      runInAction(() => {
        this.saving = false;
        if (!outcome.ok) this.saveError = outcome.message;
      });
      if (!outcome.ok) return false;
      await this.load();
      return true;
    } catch (error) {
      runInAction(() => {
        this.saving = false;
        this.saveError = describeError(error);
      });
      return false;
    }
  }
}
