import { inject, injectable } from 'inversify';
import { makeAutoObservable, runInAction } from 'mobx';
import { InvestigationsApi } from '../../application/complaints/investigations-api.port';
import { RecordOccurrenceCategories } from '../../application/complaints/record-occurrence-categories.use-case';
import { tr } from '../i18n/i18n';
import type {
  CaseOccurrenceCategories,
  OccurrenceCategories,
} from '../../contracts/case/occurrence-categories.contract';
import { Loadable } from '../shared/loadable';

/** A Canadian case's CA-10 categories on its page: the committee records them, the principal party reads them. */
@injectable()
export class OccurrenceCategoriesViewModel {
  readonly state = new Loadable<CaseOccurrenceCategories | null>(null, { initial: 'idle' });
  busy = false;
  actionError: string | null = null;
  fieldErrors: Record<string, string> = {};
  notice: string | null = null;
  private complaintId = '';

  constructor(
    @inject(InvestigationsApi) private readonly api: InvestigationsApi,
    @inject(RecordOccurrenceCategories) private readonly recording: RecordOccurrenceCategories,
  ) {
    makeAutoObservable<OccurrenceCategoriesViewModel, 'api' | 'recording' | 'complaintId'>(
      this,
      { api: false, recording: false, complaintId: false },
      { autoBind: true },
    );
  }

  load(complaintId: string): Promise<boolean> {
    this.complaintId = complaintId;
    return this.state.load(() => this.api.occurrenceCategories(complaintId));
  }

  async save(categories: OccurrenceCategories): Promise<boolean> {
    this.busy = true;
    this.actionError = null;
    this.fieldErrors = {};
    this.notice = null;
    const outcome = await this.recording.execute(this.complaintId, categories);
    runInAction(() => {
      this.busy = false;
      if (outcome.ok) {
        const state = this.state.value;
        if (state) this.state.set({ ...state, categories: outcome.categories });
        this.notice = tr('case.catSaved');
      } else {
        this.actionError = outcome.message;
        this.fieldErrors = outcome.fields;
      }
    });
    return outcome.ok;
  }
}
