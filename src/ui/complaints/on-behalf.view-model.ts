import { inject, injectable } from 'inversify';
import { makeAutoObservable, runInAction } from 'mobx';
import type { ComplaintForm } from '../../contracts/case/complaints.contract';
import { ComplaintsApi } from '../../application/complaints/complaints-api.port';
import { CaseExtrasApi, type CommitteePersonItem } from '../../application/complaints/case-extras-api.port';
import { RecordOnBehalf } from '../../application/complaints/record-on-behalf.use-case';
import { describeError } from '../../application/shared/api-error';
import type { ConcernValues } from './raise-concern.view-model';
import { FormFileLinks } from './form-file-links';

type Status = 'idle' | 'loading' | 'ready' | 'error';
const blank = (v: string | undefined) => (v && v.trim() ? v.trim() : null);

export type OnBehalfValues = Omit<ConcernValues, 'complainantName' | 'complainantEmail'> & {
  complainantUserId: string;
  channel: 'ORAL_NOTICE' | 'HELP_TO_WRITE';
};

/**
 * "Record a complaint for someone" (CA-01 oral notice, IN-03 help to write): a committee member fills the published
 * form for a named employee; the case waits for that employee's confirmation, with no clocks until then.
 */
@injectable()
export class OnBehalfViewModel {
  status: Status = 'idle';
  error: string | null = null;
  form: ComplaintForm | null = null;
  people: CommitteePersonItem[] = [];
  submitting = false;
  submitError: string | null = null;
  fieldErrors: Record<string, string> = {};
  /** The links of the form's files (FormFiles). */
  readonly formFiles: FormFileLinks;
  recorded: { complaintId: string; caseNumber: string; complainant: string } | null = null;

  constructor(
    @inject(ComplaintsApi) private readonly complaints: ComplaintsApi,
    @inject(CaseExtrasApi) private readonly api: CaseExtrasApi,
    @inject(RecordOnBehalf) private readonly recordOnBehalf: RecordOnBehalf,
  ) {
    this.formFiles = new FormFileLinks((attributeId) => this.complaints.formResource(attributeId));
    makeAutoObservable<OnBehalfViewModel, 'complaints' | 'api' | 'recordOnBehalf'>(
      this,
      { complaints: false, api: false, recordOnBehalf: false, formFiles: false },
      { autoBind: true },
    );
  }

  async load(): Promise<void> {
    this.status = 'loading';
    try {
      const form = await this.complaints.form();
      runInAction(() => {
        this.form = form;
        this.status = 'ready';
      });
    } catch (error) {
      runInAction(() => {
        this.error = describeError(error);
        this.status = 'error';
      });
    }
  }

  get customFields() {
    return (this.form?.components ?? []).flatMap((c) =>
      c.attributes.filter((a) => a.systemKey === null && a.fieldType !== 'FILE'),
    );
  }

  async searchPeople(text: string): Promise<void> {
    if (!text.trim()) return;
    try {
      const items = await this.api.searchPeople(text.trim());
      runInAction(() => (this.people = items));
    } catch (error) {
      runInAction(() => (this.fieldErrors = { complainantUserId: describeError(error) }));
    }
  }

  async submit(values: OnBehalfValues): Promise<boolean> {
    this.submitting = true;
    this.submitError = null;
    this.fieldErrors = {};
    try {
      const r = await this.recordOnBehalf.execute({
        complainantUserId: values.complainantUserId,
        channel: values.channel,
        complainant: {
          gender: (blank(values.complainantGender) as never) ?? null,
          phone: blank(values.complainantPhone),
        },
        respondent: {
          name: blank(values.respondentName),
          gender: (blank(values.respondentGender) as never) ?? null,
          phone: blank(values.respondentPhone),
          email: blank(values.respondentEmail),
          description: blank(values.respondentDescription),
        },
        incident: {
          details: values.incidentDetails,
          date: values.incidentDate,
          witnesses: (values.witnesses ?? '')
            .split('\n')
            .map((w) => w.trim())
            .filter(Boolean),
          evidenceFileIds: [],
        },
        againstEmployer: values.againstEmployer ?? false,
        answers: Object.fromEntries(Object.entries(values.answers ?? {}).filter(([, v]) => v && v.trim())),
      });
      if (!r.ok) {
        runInAction(() => {
          this.submitError = r.message;
          this.fieldErrors = r.fields;
        });
        return false;
      }
      const person = this.people.find((p) => p.userId === values.complainantUserId);
      const { complaintId, caseNumber } = r;
      runInAction(() => (this.recorded = { complaintId, caseNumber, complainant: person?.name ?? 'the complainant' }));
      return true;
    } catch (error) {
      runInAction(() => (this.submitError = describeError(error)));
      return false;
    } finally {
      runInAction(() => (this.submitting = false));
    }
  }
}
