import { formerEmployeeBody, type FormerEmployeeValues } from './former-employee-values';
import { inject, injectable } from 'inversify';
import { makeAutoObservable, runInAction } from 'mobx';
import type { CaseMessage } from '../../contracts/case/complaints.contract';
import type { IntakeForm, ReporterCase } from '../../contracts/case/intake.contract';
import { IntakeApi } from '../../application/complaints/intake-api.port';
import type { InterimReliefRequest } from '../../application/complaints/case-extras-api.port';
import { UploadReporterEvidence } from '../../application/complaints/upload-reporter-evidence.use-case';
import { PostReporterMessage } from '../../application/complaints/post-reporter-message.use-case';
import { ReporterWrites } from '../../application/complaints/reporter.use-cases';
import type { Refusal } from '../../application/shared/refusal';
import { ApiError, describeError } from '../../application/shared/api-error';
import { FormFileLinks } from './form-file-links';
import { OrganisationApi } from '../../application/shared/main-reads.port';
import { SiteInfo } from '../../application/shared/site';
import type { CompanyProfile } from '../../contracts/main/workspace.contract';

export interface ReportValues extends FormerEmployeeValues {
  reporterName?: string;
  contactEmail?: string;
  password?: string;
  respondentName?: string;
  respondentDescription?: string;
  incidentDetails: string;
  incidentDate: string;
  witnesses?: string;
  answers?: Record<string, string>;
}

type Stage = 'start' | 'report' | 'receipt' | 'follow-up' | 'case';
const blank = (v: string | undefined) => (v && v.trim() ? v.trim() : null);
const fieldsOf = (error: unknown): Record<string, string> => (ApiError.is(error) ? error.fields : {});

/**
 * The public /report page: make a confidential report (anonymously if wished), keep the receipt key, and follow up
 * with it. The key is held in memory only, for the moment it is shown and typed back; the receipt session too.
 */
@injectable()
export class ReportViewModel {
  stage: Stage = 'start';
  form: IntakeForm | null = null;
  loadError: string | null = null;
  busy = false;
  error: string | null = null;
  fieldErrors: Record<string, string> = {};
  receiptKey: string | null = null;
  caseNumber: string | null = null;
  keyConfirmed = false;
  current: ReporterCase | null = null;
  uploadNote: string | null = null;
  eventNote: string | null = null;
  /** The links of the form's files (FormFiles). */
  readonly formFiles: FormFileLinks;
  private session: string | null = null;
  /** Whose committee the report goes to: the workspace's name, logo and colour. */
  profile: CompanyProfile | null = null;

  constructor(
    @inject(IntakeApi) private readonly api: IntakeApi,
    @inject(UploadReporterEvidence) private readonly upload: UploadReporterEvidence,
    @inject(OrganisationApi) private readonly organisation: OrganisationApi,
    @inject(SiteInfo) private readonly site: SiteInfo,
    @inject(PostReporterMessage) private readonly postMessage: PostReporterMessage,
    @inject(ReporterWrites) private readonly writes: ReporterWrites,
  ) {
    this.formFiles = new FormFileLinks((attributeId) => this.api.formResource(attributeId));
    makeAutoObservable(this, { formFiles: false }, { autoBind: true });
  }

  get customFields() {
    return (this.form?.components ?? []).flatMap((c) => c.attributes).filter((a) => a.systemKey === null);
  }

  /** The workspace's branding; without it the page still works, under its plain title. */
  async loadProfile(): Promise<void> {
    try {
      const profile = await this.organisation.companyProfile(this.site.currentHost);
      runInAction(() => (this.profile = profile));
    } catch {
      // The report itself does not depend on the branding.
    }
  }

  go(stage: Stage): void {
    this.stage = stage;
    this.error = null;
    this.fieldErrors = {};
  }

  async startReport(): Promise<void> {
    this.go('report');
    if (this.form) return;
    try {
      const form = await this.api.form();
      runInAction(() => (this.form = form));
    } catch (error) {
      runInAction(() => (this.loadError = describeError(error)));
    }
  }

  async submit(values: ReportValues): Promise<void> {
    await this.run(async () => {
      const outcome = await this.writes.file.execute({
        reporterName: blank(values.reporterName),
        contactEmail: blank(values.contactEmail),
        password: blank(values.password),
        respondent: { name: blank(values.respondentName), description: blank(values.respondentDescription) },
        incident: {
          details: values.incidentDetails,
          date: values.incidentDate,
          witnesses: (values.witnesses ?? '')
            .split('\n')
            .map((w) => w.trim())
            .filter(Boolean),
        },
        formerEmployee: formerEmployeeBody(values),
        answers: Object.fromEntries(Object.entries(values.answers ?? {}).filter(([, v]) => v && v.trim())),
      });
      if (!outcome.ok) return outcome;
      const { receipt } = outcome;
      runInAction(() => {
        this.session = receipt.session;
        this.receiptKey = receipt.receiptKey;
        this.caseNumber = receipt.caseNumber;
        this.stage = 'receipt';
      });
    });
  }

  async confirmKey(typed: string): Promise<void> {
    if (!this.session) return;
    const session = this.session;
    await this.run(async () => {
      const outcome = await this.writes.confirmKey.execute(session, typed);
      if (!outcome.ok) return outcome;
      // Shown once: from here on the page forgets the key.
      runInAction(() => {
        this.receiptKey = null;
        this.keyConfirmed = true;
      });
      await this.refresh();
      runInAction(() => (this.stage = 'case'));
    });
  }

  async signIn(receiptKey: string, password: string | undefined): Promise<void> {
    await this.run(async () => {
      const outcome = await this.writes.signIn.execute(receiptKey, blank(password));
      if (!outcome.ok) return outcome;
      runInAction(() => (this.session = outcome.session));
      await this.refresh();
      runInAction(() => (this.stage = 'case'));
    });
  }

  async refresh(): Promise<void> {
    if (!this.session) return;
    const c = await this.api.read(this.session);
    runInAction(() => (this.current = c));
  }

  async reply(body: string): Promise<boolean> {
    if (!this.session) return false;
    const session = this.session;
    let sent: CaseMessage | null = null;
    await this.run(async () => {
      const outcome = await this.postMessage.execute(session, body);
      if (!outcome.ok) {
        runInAction(() => {
          this.error = outcome.message;
          this.fieldErrors = outcome.fields;
        });
        return;
      }
      sent = outcome.message;
      await this.refresh();
    });
    return sent !== null;
  }

  /** Interim relief (POSH s.12) asked through the receipt; the case is read again to show it. */
  async askRelief(body: InterimReliefRequest): Promise<boolean> {
    if (!this.session) return false;
    const session = this.session;
    let done = false;
    await this.run(async () => {
      const outcome = await this.writes.askRelief.execute(session, body);
      if (!outcome.ok) return outcome;
      done = true;
      await this.refresh();
    });
    if (done)
      runInAction(
        () => (this.eventNote = 'Your request for interim relief is recorded; the committee will decide on it.'),
      );
    return done;
  }

  /** Conciliation (IN-04), only ever at the reporter's request. */
  async askConciliation(note: string): Promise<boolean> {
    if (!this.session) return false;
    const session = this.session;
    let done = false;
    await this.run(async () => {
      const outcome = await this.writes.askConciliation.execute(session, note);
      if (!outcome.ok) return outcome;
      done = true;
      await this.refresh();
    });
    if (done)
      runInAction(
        () => (this.eventNote = 'Your request for conciliation is recorded; the committee will answer here.'),
      );
    return done;
  }

  async addEvidence(file: File): Promise<void> {
    if (!this.session) return;
    this.uploadNote = `Uploading ${file.name}…`;
    const result = await this.upload.run(this.session, file, () => undefined, new AbortController().signal);
    runInAction(() => (this.uploadNote = result.ok ? `${file.name} was added to your report.` : result.message));
    if (result.ok) await this.refresh();
  }

  async signOut(): Promise<void> {
    const session = this.session;
    runInAction(() => {
      this.session = null;
      this.current = null;
      this.stage = 'start';
    });
    if (session) await this.writes.signOut.execute(session);
  }

  /** Runs a step of the page: a refusal it answers, or anything it throws, is shown (fields beside their fields). */
  private async run(work: () => Promise<Refusal | void>): Promise<void> {
    this.busy = true;
    this.error = null;
    this.fieldErrors = {};
    try {
      const refusal = await work();
      if (refusal)
        runInAction(() => {
          this.error = refusal.message;
          this.fieldErrors = refusal.fields;
        });
    } catch (error) {
      runInAction(() => {
        this.error = describeError(error);
        this.fieldErrors = fieldsOf(error);
      });
    } finally {
      runInAction(() => (this.busy = false));
    }
  }
}
