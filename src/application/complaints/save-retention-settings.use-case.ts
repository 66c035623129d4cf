import type { RetentionSettings, RetentionSettingsBody } from '../../contracts/case/retention.contract';
import { attempt, type Outcome } from '../shared/refusal';
import type { RetentionApi } from './retention-api.port';

/** The workspace's admin saves how long closed cases are kept per outcome, and how early the purge is announced. */
export class SaveRetentionSettings {
  constructor(private readonly api: RetentionApi) {}

  async execute(body: RetentionSettingsBody): Promise<Outcome<{ settings: RetentionSettings }>> {
    const outcome = await attempt(() => this.api.saveSettings(body));
    return outcome.ok ? { ok: true, settings: outcome.value } : outcome;
  }
}
