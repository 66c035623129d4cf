import { makeAutoObservable, observable, runInAction } from 'mobx';
import type { AnswerInput } from '../../application/training/training-api.port';
import { describeError } from '../../application/shared/api-error';
import type { Outcome } from '../../application/shared/refusal';

export type SaveState = 'idle' | 'pending' | 'saving' | 'saved' | 'error';

export interface Timers {
  set(fn: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

const browserTimers: Timers = {
  set: (fn, ms) => setTimeout(fn, ms),
  clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/**
 * Saves a learner's answers as they give them: each block's latest answer, after a short pause (typing is one
 * save, not one per key), one call at a time per block; only the newest answer's outcome counts. A failed save
 * stays listed, with the server's words, until `retry` sends it again or a newer answer replaces it.
 */
export class AnswerSaver {
  readonly states = observable.map<string, SaveState>();
  error: string | null = null;
  private readonly latest = new Map<string, { input: AnswerInput; version: number }>();
  private readonly timers = new Map<string, unknown>();
  private readonly inFlight = new Map<string, Promise<void>>();
  private version = 0;

  constructor(
    /** Saves one answer: a refusal (or a thrown failure) leaves it listed as failed, with its words. */
    private readonly save: (input: AnswerInput) => Promise<Outcome | void>,
    private readonly delayMs = 600,
    private readonly clock: Timers = browserTimers,
  ) {
    makeAutoObservable<AnswerSaver, 'latest' | 'timers' | 'inFlight' | 'save' | 'clock'>(
      this,
      { latest: false, timers: false, inFlight: false, save: false, clock: false },
      { autoBind: true },
    );
  }

  /** A new answer for a block: saved after the pause unless a newer one comes first. */
  give(input: AnswerInput): void {
    this.latest.set(input.blockId, { input, version: ++this.version });
    this.states.set(input.blockId, 'pending');
    const previous = this.timers.get(input.blockId);
    if (previous !== undefined) this.clock.clear(previous);
    this.timers.set(
      input.blockId,
      this.clock.set(() => void this.flush(input.blockId), this.delayMs),
    );
  }

  /** Sends a block's latest answer now (waits for a save already on its way first). */
  async flush(blockId: string): Promise<void> {
    const timer = this.timers.get(blockId);
    if (timer !== undefined) this.clock.clear(timer);
    this.timers.delete(blockId);
    await this.inFlight.get(blockId);
    const entry = this.latest.get(blockId);
    if (!entry || this.states.get(blockId) === 'saved') return;
    const { input, version } = entry;
    this.states.set(blockId, 'saving');
    const call = this.save(input).then(
      (outcome) =>
        runInAction(() => {
          if (this.latest.get(blockId)?.version !== version) return;
          if (outcome && !outcome.ok) {
            this.states.set(blockId, 'error');
            this.error = outcome.message;
            return;
          }
          this.states.set(blockId, 'saved');
          if (this.failed.length === 0) this.error = null;
        }),
      (error: unknown) =>
        runInAction(() => {
          if (this.latest.get(blockId)?.version !== version) return;
          this.states.set(blockId, 'error');
          this.error = describeError(error);
        }),
    );
    this.inFlight.set(blockId, call);
    await call;
    if (this.inFlight.get(blockId) === call) this.inFlight.delete(blockId);
  }

  /** Sends every answer not saved yet (before leaving a page, submitting or marking done). */
  async flushAll(): Promise<void> {
    await Promise.all(
      [...this.states.entries()].filter(([, s]) => s !== 'saved' && s !== 'idle').map(([id]) => this.flush(id)),
    );
  }

  /** Sends the failed saves again. */
  async retry(): Promise<void> {
    await Promise.all(this.failed.map((id) => this.flush(id)));
  }

  get failed(): string[] {
    return [...this.states.entries()].filter(([, s]) => s === 'error').map(([id]) => id);
  }

  /** One state for the page's "saved" indicator. */
  get overall(): SaveState {
    const states = [...this.states.values()];
    if (states.includes('error')) return 'error';
    if (states.includes('saving') || states.includes('pending')) return 'saving';
    if (states.includes('saved')) return 'saved';
    return 'idle';
  }

  /** Stops the pending timers (the page is closing); what was not sent is sent now. */
  dispose(): void {
    void this.flushAll();
  }
}
