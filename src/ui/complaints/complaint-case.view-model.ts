import type { Outcome as UseCaseOutcome, Refusal } from '../../application/shared/refusal';
import { splitGuests } from './meeting-guests.view-model';
import { formatTimeRange, instantOf, type DateTimeSettings } from '../../domain/shared/date-time';
import { inject, injectable } from 'inversify';
import { makeAutoObservable, runInAction } from 'mobx';
import type {
  AuditEntry,
  AuditVerdict,
  CaseMessage,
  ComplaintDetail,
  Outcome,
  StepRecipients,
} from '../../contracts/case/complaints.contract';
import { ComplaintsApi } from '../../application/complaints/complaints-api.port';
import { ChangePartyContact, type ContactValues } from '../../application/complaints/change-party-contact.use-case';
import { CloseCase } from '../../application/complaints/close-case.use-case';
import { RecordAttendance, type AttendanceValues } from '../../application/complaints/record-attendance.use-case';
import { SignMinutes } from '../../application/complaints/sign-minutes.use-case';
import { ProceedExParte } from '../../application/complaints/proceed-ex-parte.use-case';
import { OverrideComposition } from '../../application/complaints/override-composition.use-case';
import { ExtendFilingLimit } from '../../application/complaints/extend-filing-limit.use-case';
import { RecordRespondentReply, type ReplyValues } from '../../application/complaints/record-respondent-reply.use-case';
import { SendOwnReply } from '../../application/complaints/send-own-reply.use-case';
import { PostCaseMessage } from '../../application/complaints/post-case-message.use-case';
import { ScheduleMeeting } from '../../application/complaints/schedule-meeting.use-case';
import { RecordMinutes } from '../../application/complaints/record-minutes.use-case';
import { CompleteStep } from '../../application/complaints/complete-step.use-case';
import { RecuseFromCase } from '../../application/complaints/recuse-from-case.use-case';
import { ExportCaseFile } from '../../application/complaints/export-case-file.use-case';
import type { Party } from '../../contracts/case/case-runtime.contract';
import type { ExportBody } from '../../contracts/case/case-records.contract';
import { ApiError, describeError } from '../../application/shared/api-error';

type Status = 'idle' | 'loading' | 'ready' | 'error';

const fieldsOf = (error: unknown): Record<string, string> => (ApiError.is(error) ? error.fields : {});

/** A use case's refusal (the one `Refusal` of src/application/shared/refusal.ts). */
const isRefusal = (result: unknown): result is Refusal =>
  typeof result === 'object' && result !== null && (result as { ok?: unknown }).ok === false && 'reason' in result;

export interface MeetingValues {
  title: string;
  agenda: string;
  startsAt: string;
  endsAt: string;
  location: string;
  /** People picked from the directory (`person:<id>`) and outside addresses typed. */
  guests?: string[];
  stepId?: string;
}

/** A use case run on the case as shown, answering the case after it or the server's refusal. */
type DetailRun = (detail: ComplaintDetail) => Promise<UseCaseOutcome<{ detail: ComplaintDetail }>>;

/** A case page: parties, clocks, messages by audience, meetings, steps, close; the access log for the one presiding. */
@injectable()
export class ComplaintCaseViewModel {
  status: Status = 'idle';
  error: string | null = null;
  detail: ComplaintDetail | null = null;
  audit: AuditEntry[] = [];
  /** The access log's hash chain as the server recomputed it (the one presiding, with the log). */
  auditVerdict: AuditVerdict | null = null;
  auditVerdictError: string | null = null;
  busy = false;
  actionError: string | null = null;
  fieldErrors: Record<string, string> = {};
  notice: string | null = null;
  /** The server's word when the case was purged under the retention rules (a 410 to its committee). */
  purged: string | null = null;
  /** The party whose contact is being edited (the drawer is open), and why it was opened, when a step needs it. */
  contactParty: Party | null = null;
  contactReason: string | null = null;
  contactError: string | null = null;
  contactFieldErrors: Record<string, string> = {};
  /** The close form's confirmation is open with these values. */
  closing: { outcome: Outcome; summary: string; reasons?: string } | null = null;
  private id = '';

  constructor(
    @inject(ComplaintsApi) private readonly api: ComplaintsApi,
    @inject(ChangePartyContact) private readonly changeContact: ChangePartyContact,
    @inject(CloseCase) private readonly closeCase: CloseCase,
    @inject(RecordAttendance) private readonly attendance: RecordAttendance,
    @inject(SignMinutes) private readonly signing: SignMinutes,
    @inject(ProceedExParte) private readonly exParteCase: ProceedExParte,
    @inject(OverrideComposition) private readonly compositionOverride: OverrideComposition,
    @inject(RecordRespondentReply) private readonly replyRecorder: RecordRespondentReply,
    @inject(ExtendFilingLimit) private readonly filingExtension: ExtendFilingLimit,
    @inject(SendOwnReply) private readonly ownReply: SendOwnReply,
    @inject(PostCaseMessage) private readonly postMessage: PostCaseMessage,
    @inject(ScheduleMeeting) private readonly meetingScheduling: ScheduleMeeting,
    @inject(RecordMinutes) private readonly minutesRecording: RecordMinutes,
    @inject(CompleteStep) private readonly stepCompletion: CompleteStep,
    @inject(RecuseFromCase) private readonly recusal: RecuseFromCase,
    @inject(ExportCaseFile) private readonly caseExport: ExportCaseFile,
  ) {
    makeAutoObservable<
      ComplaintCaseViewModel,
      | 'api'
      | 'id'
      | 'changeContact'
      | 'closeCase'
      | 'attendance'
      | 'signing'
      | 'exParteCase'
      | 'compositionOverride'
      | 'replyRecorder'
      | 'filingExtension'
      | 'ownReply'
      | 'postMessage'
      | 'meetingScheduling'
      | 'minutesRecording'
      | 'stepCompletion'
      | 'recusal'
      | 'caseExport'
    >(
      this,
      {
        api: false,
        id: false,
        changeContact: false,
        closeCase: false,
        attendance: false,
        signing: false,
        exParteCase: false,
        compositionOverride: false,
        replyRecorder: false,
        filingExtension: false,
        ownReply: false,
        postMessage: false,
        meetingScheduling: false,
        minutesRecording: false,
        stepCompletion: false,
        recusal: false,
        caseExport: false,
      },
      { autoBind: true },
    );
  }

  openContact(party: Party, reason: string | null = null): void {
    this.contactParty = party;
    this.contactReason = reason;
    this.contactError = null;
    this.contactFieldErrors = {};
  }

  closeContact(): void {
    this.contactParty = null;
    this.contactReason = null;
  }

  async saveContact(values: ContactValues): Promise<boolean> {
    if (!this.detail || !this.contactParty) return false;
    const party = this.contactParty;
    this.busy = true;
    this.contactError = null;
    this.contactFieldErrors = {};
    try {
      const outcome = await this.changeContact.execute(this.detail, party, values);
      runInAction(() => {
        if (outcome.ok) {
          this.detail = outcome.detail;
          this.notice =
            party === 'RESPONDENT'
              ? 'The respondent’s contact is saved; the change is recorded in the access log.'
              : 'The complainant’s contact is saved; the change is recorded in the access log.';
          this.actionError = null;
          this.contactParty = null;
          this.contactReason = null;
        } else {
          this.contactError = outcome.message;
          this.contactFieldErrors = outcome.fields;
        }
      });
      return outcome.ok;
    } catch (error) {
      runInAction(() => (this.contactError = describeError(error)));
      return false;
    } finally {
      runInAction(() => (this.busy = false));
    }
  }

  /** The close form asks for confirmation before anything is sent. */
  askToClose(values: { outcome: Outcome; summary: string; reasons?: string }): void {
    this.closing = values;
  }

  cancelClose(): void {
    this.closing = null;
  }

  async confirmClose(): Promise<boolean> {
    if (!this.detail || !this.closing) return false;
    const values = this.closing;
    this.busy = true;
    this.actionError = null;
    this.fieldErrors = {};
    this.notice = null;
    try {
      const outcome = await this.closeCase.execute(this.detail, values);
      if (outcome.ok) await this.load(this.id);
      runInAction(() => {
        this.closing = null;
        if (outcome.ok) this.notice = 'The case is closed and the parties have been told.';
        else {
          this.actionError = outcome.message;
          this.fieldErrors = outcome.fields;
        }
      });
      return outcome.ok;
    } catch (error) {
      runInAction(() => {
        this.closing = null;
        this.actionError = describeError(error);
      });
      return false;
    } finally {
      runInAction(() => (this.busy = false));
    }
  }

  async load(id: string): Promise<void> {
    this.id = id;
    this.status = 'loading';
    try {
      const detail = await this.api.get(id);
      const audit = detail.callerPresides ? await this.api.audit(id) : [];
      runInAction(() => {
        this.detail = detail;
        this.audit = audit;
        this.status = 'ready';
      });
    } catch (error) {
      runInAction(() => {
        this.error = describeError(error);
        this.purged = ApiError.is(error) && error.reason === 'gone' ? error.message : null;
        this.status = 'error';
      });
    }
  }

  /**
   * Asks the server to recompute the access log's hash chain: when the access log tab is opened (each check is itself
   * an entry of the log, so not at every reload of the page).
   */
  async verifyLog(): Promise<void> {
    if (!this.detail?.callerPresides) return;
    this.auditVerdict = null;
    this.auditVerdictError = null;
    try {
      const verdict = await this.api.verifyAudit(this.id);
      runInAction(() => (this.auditVerdict = verdict));
    } catch (error) {
      runInAction(() => (this.auditVerdictError = describeError(error)));
    }
  }

  /** Runs an action, then reads the case again; a use case's refusal or a failure becomes the action's error. */
  private async act(run: () => Promise<unknown>, notice: string): Promise<boolean> {
    this.busy = true;
    this.actionError = null;
    this.fieldErrors = {};
    this.notice = null;
    try {
      const result = await run();
      if (isRefusal(result)) {
        runInAction(() => {
          this.actionError = result.message;
          this.fieldErrors = result.fields;
        });
        return false;
      }
      await this.load(this.id);
      runInAction(() => (this.notice = notice));
      return true;
    } catch (error) {
      runInAction(() => {
        this.actionError = describeError(error);
        this.fieldErrors = fieldsOf(error);
      });
      return false;
    } finally {
      runInAction(() => (this.busy = false));
    }
  }

  message(audience: CaseMessage['audience'], body: string): Promise<boolean> {
    return this.act(() => this.postMessage.execute(this.id, audience, body), 'Message sent.');
  }

  /** How the case's dates and times are written: the workspace's zone and its country's locale (the browser's zone until loaded). */
  get dateTime(): DateTimeSettings {
    return this.detail?.dateTime ?? { zone: Intl.DateTimeFormat().resolvedOptions().timeZone, locale: 'en-IN' };
  }

  /** A meeting's span as the workspace reads it: `2 Dec 2026, 4:30 pm IST to 5:30 pm IST`. */
  meetingTime(startsAt: string, endsAt: string): string {
    return formatTimeRange(startsAt, endsAt, this.dateTime);
  }

  private instant(wallTime: string): string {
    try {
      return instantOf(wallTime.slice(0, 16), this.dateTime.zone).toISOString();
    } catch {
      return '';
    }
  }

  schedule(values: MeetingValues): Promise<boolean> {
    return this.act(
      () =>
        this.meetingScheduling.execute(this.id, {
          title: values.title,
          agenda: values.agenda,
          // The times typed are the workspace's (its zone), whatever zone this browser's machine is in.
          startsAt: values.startsAt ? this.instant(values.startsAt) : '',
          endsAt: values.endsAt ? this.instant(values.endsAt) : '',
          location: values.location,
          ...splitGuests(values.guests ?? []),
          stepId: values.stepId ?? null,
        }),
      'Meeting scheduled: the guests have been sent an invitation.',
    );
  }

  /** A hearing's refusal (attendance, signing), shown beside that hearing. */
  hearingError: { meetingId: string; message: string } | null = null;
  /** The hearing whose attendance or signature is being sent (its buttons alone show it). */
  hearingBusy: string | null = null;

  /** Records who attended a hearing (IN-06); its quorum shows once recorded. */
  recordAttendance(meetingId: string, values: AttendanceValues): Promise<boolean> {
    return this.hearingAct(
      meetingId,
      (detail) => this.attendance.execute(detail, meetingId, values),
      'Attendance recorded.',
    );
  }

  /** Signs a hearing's minutes (the one presiding); without the quorum the server refuses, naming IN-06. */
  signMinutes(meetingId: string): Promise<boolean> {
    return this.hearingAct(meetingId, (detail) => this.signing.execute(detail, meetingId), 'Minutes signed.');
  }

  private hearingAct(meetingId: string, run: DetailRun, notice: string): Promise<boolean> {
    return this.detailAct(
      meetingId,
      {
        busy: (id) => (this.hearingBusy = id),
        failed: (message) => (this.hearingError = message === null ? null : { meetingId, message }),
      },
      run,
      notice,
    );
  }

  /** Natural justice's decisions (ex parte, the IN-02 override): their refusal, and whether one is being sent. */
  naturalError: {
    about: 'ex-parte' | 'override' | 'reply' | 'extension' | 'own-reply';
    message: string;
    fields?: Record<string, string>;
  } | null = null;
  naturalBusy: 'ex-parte' | 'override' | 'reply' | 'extension' | 'own-reply' | null = null;

  /** Extends the filing limit of a complaint filed late with the committee's reasons (IN-03). */
  extendFilingLimit(reasons: string): Promise<boolean> {
    return this.naturalAct(
      'extension',
      (d) => this.filingExtension.execute(d, reasons),
      'The limit is extended: the committee’s reasons are on the case and in its log.',
    );
  }

  /** Records the respondent's written reply and the day it came (IN-05): the reply clock stops, met or late. */
  recordReply(values: ReplyValues): Promise<boolean> {
    return this.naturalAct(
      'reply',
      (d) => this.replyRecorder.execute(d, values),
      'The respondent’s reply is recorded: its clock has stopped.',
    );
  }

  /** The respondent sends their own written reply (IN-05): the reply clock stops; `messages` are in the reader's language. */
  sendOwnReply(reply: string, messages: { empty: string; closed: string; notice: string }): Promise<boolean> {
    return this.naturalAct('own-reply', (d) => this.ownReply.execute(d, reply, messages), messages.notice);
  }

  /** Proceeds ex parte against a party (the one presiding; IN-06): refused, naming what is missing, before its time. */
  proceedExParte(values: { party?: 'COMPLAINANT' | 'RESPONDENT'; reasons?: string }): Promise<boolean> {
    return this.naturalAct(
      'ex-parte',
      (d) => this.exParteCase.execute(d, values),
      'Recorded: the committee proceeds ex parte.',
    );
  }

  /** Proceeds with a committee not constituted as IN-02 asks, on the presiding officer's written reasons. */
  overrideComposition(reasons: string): Promise<boolean> {
    return this.naturalAct(
      'override',
      (d) => this.compositionOverride.execute(d, reasons),
      'Your reasons are recorded: the case proceeds.',
    );
  }

  private naturalAct(
    about: 'ex-parte' | 'override' | 'reply' | 'extension' | 'own-reply',
    run: DetailRun,
    notice: string,
  ): Promise<boolean> {
    return this.detailAct(
      about,
      {
        busy: (what) => (this.naturalBusy = what),
        failed: (message, fields) => (this.naturalError = message === null ? null : { about, message, fields }),
      },
      run,
      notice,
    );
  }

  /**
   * One act on the case that answers the case as it is after it (a hearing's attendance or minutes, a decision of
   * natural justice): its part of the page is busy meanwhile and shows its own refusal; done, the page shows `notice`.
   */
  private async detailAct<K>(
    key: K,
    part: { busy: (key: K | null) => void; failed: (message: string | null, fields?: Record<string, string>) => void },
    run: DetailRun,
    notice: string,
  ): Promise<boolean> {
    if (!this.detail) return false;
    part.busy(key);
    part.failed(null);
    this.notice = null;
    try {
      const outcome = await run(this.detail);
      runInAction(() => {
        if (outcome.ok) {
          this.detail = outcome.detail;
          this.notice = notice;
        } else part.failed(outcome.message, outcome.fields);
      });
      return outcome.ok;
    } catch (error) {
      runInAction(() => part.failed(describeError(error)));
      return false;
    } finally {
      runInAction(() => part.busy(null));
    }
  }

  recordMinutes(meetingId: string, minutes: string, outcome: string): Promise<boolean> {
    return this.act(() => this.minutesRecording.execute(this.id, meetingId, { minutes, outcome }), 'Minutes recorded.');
  }

  /** The step the "Complete step" dialog is open for, and who its mails would go to (loaded when it opens). */
  completing: { stepId: string; name: string } | null = null;
  recipients: StepRecipients | null = null;
  recipientsError: string | null = null;

  /** Opens the "Complete step" dialog and asks the server who the step's mails would go to. */
  async openComplete(step: { stepId: string; name: string }): Promise<void> {
    this.completing = { stepId: step.stepId, name: step.name };
    this.recipients = null;
    this.recipientsError = null;
    this.actionError = null;
    this.fieldErrors = {};
    try {
      const recipients = await this.api.stepRecipients(this.id, step.stepId);
      runInAction(() => {
        if (this.completing?.stepId === step.stepId) this.recipients = recipients;
      });
    } catch (error) {
      runInAction(() => (this.recipientsError = describeError(error)));
    }
  }

  cancelComplete(): void {
    this.completing = null;
    this.recipients = null;
    this.recipientsError = null;
  }

  /** Every address the dialog shows: what the member confirms. */
  get confirmedRecipients(): string[] {
    return [...new Set((this.recipients?.mails ?? []).flatMap((m) => m.recipients.map((r) => r.email)))];
  }

  /** Completes the step the dialog is open for, with the recipients it showed; if they changed, shows them again. */
  async confirmComplete(): Promise<boolean> {
    const step = this.completing;
    if (!step || !this.recipients || this.recipients.problem) return false;
    const done = await this.act(
      () => this.stepCompletion.execute(this.id, step.stepId, this.confirmedRecipients),
      'Step completed.',
    );
    if (done) this.cancelComplete();
    else if (this.fieldErrors.confirmedRecipients) {
      const message = this.actionError;
      await this.openComplete(step);
      runInAction(() => (this.actionError = message));
    }
    return done;
  }

  async recuse(): Promise<void> {
    this.busy = true;
    try {
      const outcome = await this.recusal.execute(this.id);
      runInAction(() => {
        if (!outcome.ok) {
          this.actionError = outcome.message;
          return;
        }
        this.detail = null;
        this.status = 'error';
        this.error = 'You have recused yourself from this case: you no longer have access to it.';
      });
    } catch (error) {
      runInAction(() => (this.actionError = describeError(error)));
    } finally {
      runInAction(() => (this.busy = false));
    }
  }

  /** The redacted PDF bundle, or null (the error shown) when refused. */
  async exportBundle(body: ExportBody): Promise<Blob | null> {
    this.actionError = null;
    try {
      const outcome = await this.caseExport.execute(this.id, body);
      if (!outcome.ok) {
        runInAction(() => (this.actionError = outcome.message));
        return null;
      }
      const pdf = outcome.pdf;
      await this.load(this.id);
      runInAction(() => (this.notice = 'The case file was exported; the export is recorded in the access log.'));
      return pdf;
    } catch (error) {
      runInAction(() => (this.actionError = describeError(error)));
      return null;
    }
  }

  async download(fileId: string): Promise<string | null> {
    try {
      return await this.api.evidenceLink(this.id, fileId);
    } catch (error) {
      runInAction(() => (this.actionError = describeError(error)));
      return null;
    }
  }
}
