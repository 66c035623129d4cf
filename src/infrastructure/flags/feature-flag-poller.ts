import type { FeatureFlag } from '../../contracts/main/flags.contract';
import type { FlagPoll, FlagsApi, FlagUpdates } from '../../application/shared/main-reads.port';
import { ApiError } from '../../application/shared/api-error';

export type { FlagPoll };
import { FLAG_POLL_INTERVAL_MS } from '../../domain/platform/feature-flags';

/** Polls the feature flags every 20 s (spec 4) and tells its listeners; a failed poll keeps the last answer. */
export class FeatureFlagPoller implements FlagUpdates {
  private timer: ReturnType<typeof setInterval> | null = null;
  private listeners = new Set<(poll: FlagPoll) => void>();
  private last: FlagPoll = { flags: [], refusedNetwork: false };

  constructor(
    private readonly api: FlagsApi,
    private readonly intervalMs = FLAG_POLL_INTERVAL_MS,
  ) {}

  subscribe(listener: (poll: FlagPoll) => void): () => void {
    this.listeners.add(listener);
    listener(this.last);
    if (!this.timer) this.start();
    return () => {
      this.listeners.delete(listener);
      if (this.listeners.size === 0) this.stop();
    };
  }

  async pollNow(): Promise<void> {
    try {
      this.last = { flags: await this.api.featureFlags(), refusedNetwork: false };
    } catch (error) {
      if (ApiError.is(error) && error.code === 'CONTRACT_EXPIRED') this.last = { ...this.last, contractExpired: true };
      else if (ApiError.is(error) && error.code === 'IP_NOT_ALLOWED')
        this.last = { ...this.last, refusedNetwork: true };
      else return; // keep the last flags; the next poll tries again
    }
    for (const listener of this.listeners) listener(this.last);
  }

  private start(): void {
    void this.pollNow();
    this.timer = setInterval(() => void this.pollNow(), this.intervalMs);
  }

  private stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}
