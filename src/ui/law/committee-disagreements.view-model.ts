import { inject, injectable } from 'inversify';
import { makeAutoObservable, runInAction } from 'mobx';
import { CommitteeDisagreementsApi } from '../../application/law/committee-disagreements-api.port';
import { DeleteCommitteeDisagreement } from '../../application/law/delete-committee-disagreement.use-case';
import { RecordCommitteeDisagreement } from '../../application/law/record-committee-disagreement.use-case';
import type {
  CommitteeDisagreement,
  CommitteeDisagreementBody,
} from '../../contracts/case/committee-disagreements.contract';
import { showDate } from '../i18n/i18n';
import { Loadable } from '../shared/loadable';

/** The disagreements with the workplace committee on the prevention programme's page (CA-09, CA-12). */
@injectable()
export class CommitteeDisagreementsViewModel {
  readonly list = new Loadable<CommitteeDisagreement[]>([]);
  drawerOpen = false;
  saving = false;
  fieldErrors: Record<string, string> = {};
  message: string | null = null;
  actionError: string | null = null;

  constructor(
    @inject(CommitteeDisagreementsApi) private readonly api: CommitteeDisagreementsApi,
    @inject(RecordCommitteeDisagreement) private readonly recording: RecordCommitteeDisagreement,
    @inject(DeleteCommitteeDisagreement) private readonly deleting: DeleteCommitteeDisagreement,
  ) {
    makeAutoObservable<CommitteeDisagreementsViewModel, 'api' | 'recording' | 'deleting'>(
      this,
      { api: false, recording: false, deleting: false },
      { autoBind: true },
    );
  }

  load(): Promise<boolean> {
    return this.list.load(() => this.api.disagreements());
  }

  get items(): CommitteeDisagreement[] {
    return this.list.value;
  }

  open(): void {
    this.drawerOpen = true;
    this.fieldErrors = {};
    this.actionError = null;
  }

  close(): void {
    this.drawerOpen = false;
  }

  async record(body: CommitteeDisagreementBody): Promise<boolean> {
    this.saving = true;
    this.fieldErrors = {};
    this.message = null;
    this.actionError = null;
    const outcome = await this.recording.execute(body);
    runInAction(() => {
      this.saving = false;
      if (outcome.ok) {
        this.list.set([outcome.disagreement, ...this.items].sort((a, b) => b.occurredOn.localeCompare(a.occurredOn)));
        this.drawerOpen = false;
        this.message = `Recorded: kept until ${showDate(outcome.disagreement.keptUntil)}.`;
      } else {
        this.actionError = outcome.message;
        this.fieldErrors = outcome.fields;
      }
    });
    return outcome.ok;
  }

  async remove(id: string): Promise<void> {
    this.message = null;
    this.actionError = null;
    const outcome = await this.deleting.execute(id);
    runInAction(() => {
      if (outcome.ok) {
        this.list.set(this.items.filter((d) => d.id !== id));
        this.message = 'Deleted: its 10 years had run.';
      } else this.actionError = outcome.message;
    });
  }
}
