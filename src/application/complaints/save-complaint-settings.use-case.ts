import { refusalOf, type Refusal } from '../shared/refusal';
import type { CaseExtrasApi, HolidaySettings, SaveHolidaySettings } from './case-extras-api.port';

/**
 * Saves the workspace's complaint settings: its regime, the public holidays its clocks skip, and whether a named
 * witness who sits on the committee is recused from the case (left out: kept as it is).
 */
export class SaveComplaintSettings {
  constructor(private readonly api: CaseExtrasApi) {}

  async execute(body: SaveHolidaySettings): Promise<{ ok: true; settings: HolidaySettings } | Refusal> {
    try {
      return { ok: true, settings: await this.api.saveHolidaySettings(body) };
    } catch (error) {
      return refusalOf(error);
    }
  }
}
