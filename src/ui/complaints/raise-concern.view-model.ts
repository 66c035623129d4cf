import { formerEmployeeBody, type FormerEmployeeValues } from './former-employee-values';
import { inject, injectable } from 'inversify';
import { makeAutoObservable, runInAction } from 'mobx';
import type { ComplaintDetail, ComplaintForm, EvidenceFile } from '../../contracts/case/complaints.contract';
import { ComplaintsApi } from '../../application/complaints/complaints-api.port';
import { FormFileLinks } from './form-file-links';
import { UploadEvidence } from '../../application/complaints/upload-evidence.use-case';
import { FileComplaint } from '../../application/complaints/file-complaint.use-case';
import { ApiError, describeError } from '../../application/shared/api-error';

type Status = 'idle' | 'loading' | 'ready' | 'error';

const fieldsOf = (error: unknown): Record<string, string> => (ApiError.is(error) ? error.fields : {});

const blank = (v: string | undefined) => (v && v.trim() ? v.trim() : null);

export interface EvidenceItem {
  key: string;
  name: string;
  percent: number;
  file: EvidenceFile | null;
  error: string | null;
}

export interface ConcernValues extends FormerEmployeeValues {
  complainantName: string;
  complainantEmail: string;
  complainantGender?: string;
  complainantPhone?: string;
  respondentName?: string;
  respondentGender?: string;
  respondentPhone?: string;
  respondentEmail?: string;
  respondentDescription?: string;
  incidentDetails: string;
  incidentDate: string;
  witnesses?: string;
  againstEmployer?: boolean;
  answers?: Record<string, string>;
  /** IN-03: filing for a woman who cannot file herself. */
  filingFor?: boolean;
  filedForCapacity?: string;
  filedForReason?: string;
  filedForConsent?: boolean;
}

/** "Raise a concern": the published complaint form, evidence uploads, and the filing. */
@injectable()
export class RaiseConcernViewModel {
  status: Status = 'idle';
  error: string | null = null;
  form: ComplaintForm | null = null;
  evidence: EvidenceItem[] = [];
  submitting = false;
  submitError: string | null = null;
  /** The links of the form's files (FormFiles). */
  readonly formFiles: FormFileLinks;
  fieldErrors: Record<string, string> = {};
  filed: ComplaintDetail | null = null;

  constructor(
    @inject(ComplaintsApi) private readonly api: ComplaintsApi,
    @inject(UploadEvidence) private readonly upload: UploadEvidence,
    @inject(FileComplaint) private readonly filing: FileComplaint,
  ) {
    this.formFiles = new FormFileLinks((attributeId) => this.api.formResource(attributeId));
    makeAutoObservable<RaiseConcernViewModel, 'api' | 'upload' | 'filing'>(
      this,
      { api: false, upload: false, filing: false, formFiles: false },
      { autoBind: true },
    );
  }

  async load(): Promise<void> {
    this.status = 'loading';
    try {
      const form = await this.api.form();
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

  /** The fields an admin added to the form (the spec's own are laid out by the screen). */
  get customFields() {
    return (this.form?.components ?? []).flatMap((c) =>
      c.attributes.filter((a) => a.systemKey === null && a.fieldType !== 'FILE'),
    );
  }

  get uploading(): boolean {
    return this.evidence.some((e) => !e.file && !e.error);
  }

  async addEvidence(file: File): Promise<void> {
    const key = `${file.name}-${Date.now()}-${Math.random()}`;
    this.evidence.push({ key, name: file.name, percent: 0, file: null, error: null });
    const item = () => this.evidence.find((e) => e.key === key)!;
    const result = await this.upload.run(
      file,
      (sent, total) => runInAction(() => (item().percent = total ? Math.round((sent / total) * 100) : 100)),
      new AbortController().signal,
    );
    runInAction(() => {
      if (result.ok) {
        item().file = result.file;
        item().percent = 100;
      } else item().error = result.message;
    });
  }

  removeEvidence(key: string): void {
    this.evidence = this.evidence.filter((e) => e.key !== key);
  }

  async submit(values: ConcernValues): Promise<void> {
    this.submitting = true;
    this.submitError = null;
    this.fieldErrors = {};
    try {
      const outcome = await this.filing.execute({
        complainant: {
          name: values.complainantName,
          email: values.complainantEmail,
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
          evidenceFileIds: this.evidence.flatMap((e) => (e.file ? [e.file.fileId] : [])),
        },
        againstEmployer: values.againstEmployer ?? false,
        filedFor: values.filingFor
          ? {
              capacity: values.filedForCapacity ?? '',
              reason: values.filedForReason ?? '',
              writtenConsent: values.filedForConsent ?? false,
            }
          : null,
        formerEmployee: formerEmployeeBody(values),
        answers: Object.fromEntries(Object.entries(values.answers ?? {}).filter(([, v]) => v && v.trim())),
      });
      runInAction(() => {
        if (outcome.ok) this.filed = outcome.detail;
        else {
          this.submitError = outcome.message;
          this.fieldErrors = outcome.fields;
        }
      });
    } catch (error) {
      runInAction(() => {
        this.submitError = describeError(error);
        this.fieldErrors = fieldsOf(error);
      });
    } finally {
      runInAction(() => (this.submitting = false));
    }
  }
}
