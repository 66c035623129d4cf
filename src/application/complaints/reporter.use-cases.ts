import type { CaseEvent, IntakeBody, IntakeReceipt } from '../../contracts/case/intake.contract';
import { refusalFrom, type Outcome, type Refusal } from '../shared/refusal';
import { ApiError } from '../shared/api-error';
import type { InterimReliefRequest } from './case-extras-api.port';
import type { IntakeApi } from './intake-api.port';

// The public /report page's writes: the reporter is known only by the receipt's session (no account), so every call
// after filing carries it. A refusal of the server (a field, an expired or unknown session the server names as such) is
// answered as a Refusal in its words; a failure of the server is thrown on.

/** Runs the call and answers the server's refusals (any kind it names) as a Refusal. */
async function refusing<T>(call: () => Promise<T>): Promise<{ ok: true; value: T } | Refusal<never>> {
  try {
    return { ok: true, value: await call() };
  } catch (error) {
    if (ApiError.isRefusal(error)) return refusalFrom(error);
    throw error;
  }
}

/** A confidential report filed (anonymously if wished): its receipt key, shown once, and the session that follows. */
export class FileReport {
  constructor(private readonly api: IntakeApi) {}

  async execute(body: IntakeBody): Promise<Outcome<{ receipt: IntakeReceipt }>> {
    const outcome = await refusing(() => this.api.file(body));
    return outcome.ok ? { ok: true, receipt: outcome.value } : outcome;
  }
}

/** The reporter typed the receipt key back: from then on the page forgets it. */
export class ConfirmReceiptKey {
  constructor(private readonly api: IntakeApi) {}

  async execute(session: string, receiptKey: string): Promise<Outcome> {
    const outcome = await refusing(() => this.api.confirmKey(session, receiptKey));
    return outcome.ok ? { ok: true } : outcome;
  }
}

/** A receipt session opened with the key (and the password, when the reporter set one). */
export class SignInWithReceipt {
  constructor(private readonly api: IntakeApi) {}

  async execute(receiptKey: string, password: string | null): Promise<Outcome<{ session: string }>> {
    const outcome = await refusing(() => this.api.signIn(receiptKey, password));
    return outcome.ok ? { ok: true, session: outcome.value.session } : outcome;
  }
}

/** The receipt session ended. The page forgets it whatever the server answers: an ended session is no refusal. */
export class SignOutOfReceipt {
  constructor(private readonly api: IntakeApi) {}

  async execute(session: string): Promise<Outcome> {
    await this.api.signOut(session).catch(() => undefined);
    return { ok: true };
  }
}

/** Interim relief (POSH s.12) asked by the reporter through the receipt. */
export class AskInterimReliefAsReporter {
  constructor(private readonly api: IntakeApi) {}

  async execute(session: string, body: InterimReliefRequest): Promise<Outcome<{ event: CaseEvent }>> {
    const outcome = await refusing(() => this.api.requestInterimRelief(session, body));
    return outcome.ok ? { ok: true, event: outcome.value } : outcome;
  }
}

/** Conciliation (IN-04), only ever at the reporter's request, through the receipt. */
export class AskConciliationAsReporter {
  constructor(private readonly api: IntakeApi) {}

  async execute(session: string, note: string): Promise<Outcome<{ event: CaseEvent }>> {
    const outcome = await refusing(() => this.api.requestConciliation(session, note));
    return outcome.ok ? { ok: true, event: outcome.value } : outcome;
  }
}

/** The page's writes, taken by its view-model as one argument. */
export const ReporterWrites = Symbol('ReporterWrites');
export interface ReporterWrites {
  file: FileReport;
  confirmKey: ConfirmReceiptKey;
  signIn: SignInWithReceipt;
  signOut: SignOutOfReceipt;
  askRelief: AskInterimReliefAsReporter;
  askConciliation: AskConciliationAsReporter;
}

export const reporterWrites = (api: IntakeApi): ReporterWrites => ({
  file: new FileReport(api),
  confirmKey: new ConfirmReceiptKey(api),
  signIn: new SignInWithReceipt(api),
  signOut: new SignOutOfReceipt(api),
  askRelief: new AskInterimReliefAsReporter(api),
  askConciliation: new AskConciliationAsReporter(api),
});
