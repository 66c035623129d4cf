import { makeAutoObservable, runInAction } from 'mobx';
import { describeError } from '../../application/shared/api-error';
import type { Refusal } from '../../application/shared/refusal';

/** How far a screen's data has come: 'idle' until the screen chooses what to load. */
export type LoadStatus = 'idle' | 'loading' | 'ready' | 'error';

export interface LoadableOptions {
  /** 'idle' when there is nothing to show until the screen chooses something (a workspace, say). */
  initial?: 'idle' | 'loading';
}

export interface LoadOptions {
  /**
   * Fetch again behind what is shown: a ready value stays on screen (no skeleton) until the new answer replaces it,
   * as after a write. A failure still shows the error.
   */
  quiet?: boolean;
}

/** A use case's refusal, told apart from a value by its shape. */
function isRefusal(answer: unknown): answer is Refusal {
  return (
    typeof answer === 'object' &&
    answer !== null &&
    (answer as { ok?: unknown }).ok === false &&
    typeof (answer as { message?: unknown }).message === 'string' &&
    typeof (answer as { reason?: unknown }).reason === 'string'
  );
}

/**
 * One thing a screen loads, as the screens show it: idle, loading, ready with its value, or failed with a message fit
 * to show (the `describeError` text of what was thrown, or a `Refusal`'s message). Only the answer to the latest load
 * is kept: a slow earlier load never overwrites a newer one. `reload` (and `retry`, for the error state's button)
 * fetches again the way the last load did. The value starts as given and stays as it was when a load fails; the
 * view-model may replace it after a write (`set`).
 */
export class Loadable<T> {
  status: LoadStatus;
  error: string | null = null;
  value: T;
  private latest = 0;
  private last: (() => Promise<T | Refusal>) | undefined;

  constructor(initial: T, options: LoadableOptions = {}) {
    this.value = initial;
    this.status = options.initial ?? 'loading';
    makeAutoObservable<Loadable<T>, 'latest' | 'last'>(this, { latest: false, last: false }, { autoBind: true });
  }

  get loading(): boolean {
    return this.status === 'loading';
  }

  get ready(): boolean {
    return this.status === 'ready';
  }

  /** Fetches and keeps the answer if no newer load began meanwhile; true when this load's value was taken. */
  async load(fetch: () => Promise<T | Refusal>, options: LoadOptions = {}): Promise<boolean> {
    const request = ++this.latest;
    this.last = fetch;
    if (!(options.quiet && this.status === 'ready')) this.status = 'loading';
    this.error = null;
    try {
      const answer = await fetch();
      return runInAction(() => {
        if (request !== this.latest) return false;
        if (isRefusal(answer)) {
          this.fail(answer.message);
          return false;
        }
        this.value = answer;
        this.status = 'ready';
        return true;
      });
    } catch (error) {
      return runInAction(() => {
        if (request === this.latest) this.fail(describeError(error));
        return false;
      });
    }
  }

  /** Fetches again as the last load did (nothing to do before a first load). */
  reload(options: LoadOptions = {}): Promise<boolean> {
    return this.last ? this.load(this.last, options) : Promise.resolve(false);
  }

  /** For the error state's "Try again" button. */
  retry(): void {
    void this.reload();
  }

  /** The value as a write left it (an added row, a saved setting), without fetching. */
  set(value: T): void {
    this.value = value;
  }

  /** Shows an error the view-model met itself (a missing object, a failed step beside the fetch). */
  fail(message: string): void {
    this.latest++;
    this.status = 'error';
    this.error = message;
  }

  /** Back to idle: nothing chosen, nothing shown; a load still on its way is dropped. */
  reset(value: T): void {
    this.latest++;
    this.value = value;
    this.status = 'idle';
    this.error = null;
  }
}
