import { inject, injectable } from 'inversify';
import { RequestCredits } from '../../application/courses/request-credits.use-case';
import { makeAutoObservable, runInAction } from 'mobx';
import { CourseCreditsApi } from '../../application/courses/catalogue-courses.port';
import { describeError } from '../../application/shared/api-error';
import type { CreditRequest, LedgerEntry } from '../../contracts/learning/credits.contract';
import { Loadable } from '../shared/loadable';

/** A catalogue course's credits in the workspace: the balance, the requests, the ledger, and a request for more. */
@injectable()
export class CourseCreditsViewModel {
  courseId = '';
  readonly credits = new Loadable<{ balance: number | null; requests: CreditRequest[]; ledger: LedgerEntry[] }>(
    { balance: null, requests: [], ledger: [] },
    { initial: 'idle' },
  );
  sending = false;
  sendError: string | null = null;
  /** One key per request being written: a retry of the same form (a timeout, a double click) asks once. */
  private key: string | null = null;

  constructor(
    @inject(CourseCreditsApi) private readonly api: CourseCreditsApi,
    @inject(RequestCredits) private readonly requesting: RequestCredits,
  ) {
    makeAutoObservable(this, {}, { autoBind: true });
  }

  load(courseId: string): Promise<boolean> {
    this.courseId = courseId;
    return this.credits.load(
      async () => {
        const [requests, ledger] = await Promise.all([this.api.requests(courseId), this.api.credited(courseId)]);
        return { requests: requests.items, ledger: ledger.items, balance: ledger.balance };
      },
      { quiet: true },
    );
  }

  get balance(): number | null {
    return this.credits.value.balance;
  }

  get requests(): CreditRequest[] {
    return this.credits.value.requests;
  }

  get ledger(): LedgerEntry[] {
    return this.credits.value.ledger;
  }

  get waiting(): number {
    return this.requests.filter((r) => r.status === 'REQUESTED').reduce((sum, r) => sum + r.credits, 0);
  }

  async request(credits: number, note?: string): Promise<boolean> {
    this.sending = true;
    this.sendError = null;
    this.key ??= crypto.randomUUID();
    try {
      const outcome = await this.requesting.execute({
        courseId: this.courseId,
        credits,
        note: note?.trim() || undefined,
        idempotencyKey: this.key,
      });
      if (!outcome.ok) {
        runInAction(() => {
          this.sending = false;
          this.sendError = outcome.message;
        });
        return false;
      }
      runInAction(() => {
        this.key = null;
        this.sending = false;
      });
      await this.load(this.courseId);
      return true;
    } catch (error) {
      runInAction(() => {
        this.sending = false;
        this.sendError = describeError(error);
      });
      return false;
    }
  }
}
