import type { FeatureFlag } from '../../contracts/main/flags.contract';
import type { FlagsApi } from '../../application/shared/main-reads.port';
import { FLAG_POLL_INTERVAL_MS } from '../../domain/platform/feature-flags';

/** Polls the feature flags every 20 s (spec 4) and tells its listeners; a failed poll keeps the last answer. */
export class FeatureFlagPoller {
  private timer: ReturnType<typeof setInterval> | null = null;
  private listeners = new Set<(flags: FeatureFlag[]) => void>();
  private last: FeatureFlag[] = [];

  constructor(
    private readonly api: FlagsApi,
    private readonly intervalMs = FLAG_POLL_INTERVAL_MS,
  ) {}

  subscribe(listener: (flags: FeatureFlag[]) => void): () => void {
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
      this.last = await this.api.featureFlags();
      for (const listener of this.listeners) listener(this.last);
    } catch {
      // Keep the last known flags; the next poll tries again.
    }
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
