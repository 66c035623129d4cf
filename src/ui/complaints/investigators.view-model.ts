import { inject, injectable } from 'inversify';
import { makeAutoObservable, runInAction } from 'mobx';
import { AddInvestigator } from '../../application/complaints/add-investigator.use-case';
import { InvestigationsApi } from '../../application/complaints/investigations-api.port';
import { SetInvestigatorActive } from '../../application/complaints/set-investigator-active.use-case';
import { describeError } from '../../application/shared/api-error';
import type { Investigator, InvestigatorBody } from '../../contracts/case/investigations.contract';
import { Loadable } from '../shared/loadable';

/** "Investigators": the workspace's roster (CA-05), in the round robin's order. */
@injectable()
export class InvestigatorsViewModel {
  readonly roster = new Loadable<Investigator[]>([], { initial: 'idle' });
  drawerOpen = false;
  saving = false;
  saveError: string | null = null;
  fieldErrors: Record<string, string> = {};
  note: string | null = null;

  constructor(
    @inject(InvestigationsApi) private readonly api: InvestigationsApi,
    @inject(AddInvestigator) private readonly adding: AddInvestigator,
    @inject(SetInvestigatorActive) private readonly activation: SetInvestigatorActive,
  ) {
    makeAutoObservable<InvestigatorsViewModel, 'api' | 'adding' | 'activation'>(
      this,
      { api: false, adding: false, activation: false },
      { autoBind: true },
    );
  }

  load(): Promise<boolean> {
    return this.roster.load(() => this.api.roster());
  }

  get investigators(): Investigator[] {
    return this.roster.value;
  }

  open(): void {
    this.drawerOpen = true;
    this.saveError = null;
    this.fieldErrors = {};
  }

  close(): void {
    this.drawerOpen = false;
  }

  async add(body: InvestigatorBody): Promise<boolean> {
    this.saving = true;
    this.saveError = null;
    this.fieldErrors = {};
    const outcome = await this.adding.execute(body);
    runInAction(() => {
      this.saving = false;
      if (outcome.ok) {
        this.roster.set([...this.investigators, outcome.investigator]);
        this.drawerOpen = false;
        this.note = `${outcome.investigator.name} is on the roster.`;
      } else {
        this.saveError = outcome.message;
        this.fieldErrors = outcome.fields;
      }
    });
    return outcome.ok;
  }

  async setActive(id: string, active: boolean): Promise<void> {
    try {
      const outcome = await this.activation.execute(id, active);
      if (!outcome.ok) {
        runInAction(() => (this.saveError = outcome.message));
        return;
      }
      const saved = outcome.investigator;
      runInAction(() => {
        this.roster.set(this.investigators.map((i) => (i.id === id ? saved : i)));
        this.note = active ? `${saved.name} is back on the round robin.` : `${saved.name} is off the round robin.`;
      });
    } catch (error) {
      runInAction(() => (this.saveError = describeError(error)));
    }
  }
}
