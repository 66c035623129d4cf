import { inject, injectable } from 'inversify';
import { makeAutoObservable, runInAction } from 'mobx';
import { InvestigationsApi } from '../../application/complaints/investigations-api.port';
import { RecordOccurrenceCategories } from '../../application/complaints/record-occurrence-categories.use-case';
import { describeError } from '../../application/shared/api-error';
import { tr } from '../i18n/i18n';
import type {
  CaseOccurrenceCategories,
  OccurrenceCategories,
} from '../../contracts/case/occurrence-categories.contract';

type Status = 'idle' | 'loading' | 'ready' | 'error';

/** A Canadian case's CA-10 categories on its page: the committee records them, the principal party reads them. */
@injectable()
export class OccurrenceCategoriesViewModel {
  status: Status = 'idle';
  error: string | null = null;
  state: CaseOccurrenceCategories | null = null;
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

  async load(complaintId: string): Promise<void> {
    this.complaintId = complaintId;
    this.status = 'loading';
    this.error = null;
    try {
      const found = await this.api.occurrenceCategories(complaintId);
      runInAction(() => {
        this.state = found;
        this.status = 'ready';
      });
    } catch (error) {
      runInAction(() => {
        this.error = describeError(error);
        this.status = 'error';
      });
    }
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
        if (this.state) this.state = { ...this.state, categories: outcome.categories };
        this.notice = tr('case.catSaved');
      } else {
        this.actionError = outcome.message;
        this.fieldErrors = outcome.fields;
      }
    });
    return outcome.ok;
  }
}
