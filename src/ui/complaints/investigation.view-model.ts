import { inject, injectable } from 'inversify';
import { makeAutoObservable, runInAction } from 'mobx';
import { ChooseInvestigator, type InvestigatorChoice } from '../../application/complaints/choose-investigator.use-case';
import { EndInvestigation, type InvestigationEnd } from '../../application/complaints/end-investigation.use-case';
import { InvestigationsApi } from '../../application/complaints/investigations-api.port';
import { RecordRecommendation } from '../../application/complaints/record-recommendation.use-case';
import { SubmitInvestigationReport } from '../../application/complaints/submit-investigation-report.use-case';
import { describeError } from '../../application/shared/api-error';
import type { Refusal } from '../../application/shared/refusal';
import type { Investigation } from '../../contracts/case/investigations.contract';

type Status = 'idle' | 'loading' | 'ready' | 'error';

/** A case's investigation (CA-05, CA-06), as the committee, the investigator or the employer sees it. */
@injectable()
export class InvestigationViewModel {
  status: Status = 'idle';
  error: string | null = null;
  investigation: Investigation | null = null;
  busy = false;
  actionError: string | null = null;
  fieldErrors: Record<string, string> = {};
  notice: string | null = null;
  private complaintId = '';

  constructor(
    @inject(InvestigationsApi) private readonly api: InvestigationsApi,
    @inject(ChooseInvestigator) private readonly choosing: ChooseInvestigator,
    @inject(SubmitInvestigationReport) private readonly reporting: SubmitInvestigationReport,
    @inject(RecordRecommendation) private readonly recording: RecordRecommendation,
    @inject(EndInvestigation) private readonly ending: EndInvestigation,
  ) {
    makeAutoObservable<
      InvestigationViewModel,
      'api' | 'choosing' | 'reporting' | 'recording' | 'ending' | 'complaintId'
    >(
      this,
      { api: false, choosing: false, reporting: false, recording: false, ending: false, complaintId: false },
      { autoBind: true },
    );
  }

  async load(complaintId: string): Promise<void> {
    this.complaintId = complaintId;
    this.status = 'loading';
    this.error = null;
    try {
      const found = await this.api.investigation(complaintId);
      runInAction(() => {
        this.investigation = found;
        this.status = 'ready';
      });
    } catch (error) {
      runInAction(() => {
        this.error = describeError(error);
        this.status = 'error';
      });
    }
  }

  private async run(
    work: () => Promise<{ ok: true; investigation: Investigation } | Refusal>,
    success: string,
  ): Promise<boolean> {
    this.busy = true;
    this.actionError = null;
    this.fieldErrors = {};
    this.notice = null;
    const outcome = await work();
    runInAction(() => {
      this.busy = false;
      if (outcome.ok) {
        this.investigation = outcome.investigation;
        this.notice = success;
      } else {
        this.actionError = outcome.message;
        this.fieldErrors = outcome.fields;
      }
    });
    return outcome.ok;
  }

  choose(choice: InvestigatorChoice): Promise<boolean> {
    const success =
      choice.kind === 'PROPOSE'
        ? 'Investigator proposed: record each party’s agreement.'
        : choice.kind === 'AGREED'
          ? 'Agreement recorded.'
          : 'The roster’s next investigator is appointed.';
    return this.run(() => this.choosing.execute(this.complaintId, choice), success);
  }

  submitReport(form: { description: string; conclusions: string; recommendations: string }): Promise<boolean> {
    return this.run(
      () => this.reporting.execute(this.complaintId, form),
      'Report saved: the committee and the employer can read it.',
    );
  }

  recordRecommendation(position: number, chosen: boolean, implementedOn: string | null): Promise<boolean> {
    return this.run(
      () => this.recording.execute(this.complaintId, position, { chosen, implementedOn }),
      'Recommendation recorded.',
    );
  }

  end(end: InvestigationEnd): Promise<boolean> {
    return this.run(
      () => this.ending.execute(this.complaintId, end),
      end.kind === 'FINAL_REPORT'
        ? 'The report is final: it was sent to each party, and the employer can read it.'
        : 'The investigator is removed from the case: propose another.',
    );
  }

  /** The investigator's download of one evidence file: a short-lived URL, or null with the reason shown. */
  async download(fileId: string): Promise<string | null> {
    this.actionError = null;
    try {
      return await this.api.evidenceLink(this.complaintId, fileId);
    } catch (error) {
      runInAction(() => (this.actionError = describeError(error)));
      return null;
    }
  }
}
