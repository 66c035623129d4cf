import { SaveWorkspaceCalendarBody, type WorkspaceCalendar } from '../../contracts/main/workspace-calendar.contract';
import { isTimeZone } from '../../domain/shared/date-time';
import { attempt, invalid, type Refusal } from '../shared/refusal';
import type { WorkspaceCalendarApi } from './workspace-calendar-api.port';

/**
 * Sets the workspace's time zone and state or province. A zone the platform does not know is refused here, naming
 * the field, before any call; the server checks the region against the catalogue.
 */
export class SaveWorkspaceCalendar {
  constructor(private readonly api: WorkspaceCalendarApi) {}

  async execute(input: {
    timeZone: string;
    regionCode: string | null;
  }): Promise<{ ok: true; calendar: WorkspaceCalendar } | Refusal> {
    const checked = SaveWorkspaceCalendarBody.safeParse(input);
    if (!checked.success || !isTimeZone(checked.data.timeZone))
      return invalid('Choose a time zone from the list', 'timeZone');
    const result = await attempt(() => this.api.save(checked.data));
    return result.ok ? { ok: true, calendar: result.value } : result;
  }
}
