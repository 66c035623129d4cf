import { inject, injectable } from 'inversify';
import { makeAutoObservable, runInAction } from 'mobx';
import { PreventionProgrammeApi } from '../../application/law/prevention-programme-api.port';
import { SavePreventionProgramme } from '../../application/law/save-prevention-programme.use-case';
import type { PreventionProgramme, PreventionProgrammeBody } from '../../contracts/case/prevention-programme.contract';
import { Loadable } from '../shared/loadable';

/** Canada's prevention programme page (CA-03, CA-12). */
@injectable()
export class PreventionProgrammeViewModel {
  readonly programme = new Loadable<PreventionProgramme | null>(null);
  saving = false;
  fieldErrors: Record<string, string> = {};
  message: string | null = null;
  actionError: string | null = null;

  constructor(
    @inject(PreventionProgrammeApi) private readonly api: PreventionProgrammeApi,
    @inject(SavePreventionProgramme) private readonly saving_: SavePreventionProgramme,
  ) {
    makeAutoObservable<PreventionProgrammeViewModel, 'api' | 'saving_'>(
      this,
      { api: false, saving_: false },
      { autoBind: true },
    );
  }

  load(): Promise<boolean> {
    return this.programme.load(() => this.api.programme());
  }

  async save(body: PreventionProgrammeBody): Promise<boolean> {
    this.saving = true;
    this.fieldErrors = {};
    this.message = null;
    this.actionError = null;
    const outcome = await this.saving_.execute(body);
    runInAction(() => {
      this.saving = false;
      if (outcome.ok) {
        this.programme.set(outcome.programme);
        this.message = 'Saved: the legal rules CA-03 and CA-12 now judge what you recorded.';
      } else {
        this.actionError = outcome.message;
        this.fieldErrors = outcome.fields;
      }
    });
    return outcome.ok;
  }
}
