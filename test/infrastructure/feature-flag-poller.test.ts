import { describe, expect, it } from 'vitest';
import type { FeatureFlag } from '../../src/contracts/main/flags.contract';
import { ApiError } from '../../src/application/shared/api-error';
import type { FlagsApi } from '../../src/application/shared/main-reads.port';
import { FeatureFlagPoller, type FlagPoll } from '../../src/infrastructure/flags/feature-flag-poller';

class ScriptedFlags implements FlagsApi {
  constructor(private readonly answers: (FeatureFlag[] | Error)[]) {}
  async featureFlags() {
    const next = this.answers.shift()!;
    if (next instanceof Error) throw next;
    return next;
  }
}

const maintenanceOn: FeatureFlag[] = [
  { key: 'maintenance', value: 'on', enabledWorkspaces: [{ workspaceUrl: 'acme.localhost' }] },
];

describe('FeatureFlagPoller', () => {
  it('tells its listeners each poll, keeps the last flags through a failed poll, and reports a refused network', async () => {
    const api = new ScriptedFlags([
      maintenanceOn,
      new Error('fetch failed'),
      new ApiError('forbidden', 'IP_NOT_ALLOWED', 'not from here'),
      [],
    ]);
    const poller = new FeatureFlagPoller(api, 60_000);
    const seen: FlagPoll[] = [];
    const stop = poller.subscribe((poll) => seen.push(poll));
    await new Promise((resolve) => setTimeout(resolve, 10));
    await poller.pollNow();
    await poller.pollNow();
    await poller.pollNow();
    stop();
    expect(seen).toEqual([
      { flags: [], refusedNetwork: false },
      { flags: maintenanceOn, refusedNetwork: false },
      { flags: maintenanceOn, refusedNetwork: true },
      { flags: [], refusedNetwork: false },
    ]);
  });
});
