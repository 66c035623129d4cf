import type {
  SaveWorkspaceCalendarBody,
  WorkspaceCalendar,
} from '../../src/contracts/main/workspace-calendar.contract';
import type { WorkspaceCalendarApi } from '../../src/application/organisation/workspace-calendar-api.port';
import { ApiError } from '../../src/application/shared/api-error';

/** The calendar in memory, refusing a region outside its catalogue as the server does. */
export class FakeWorkspaceCalendarApi implements WorkspaceCalendarApi {
  calendar: WorkspaceCalendar = {
    timeZone: 'Asia/Kolkata',
    regionCode: null,
    regions: [{ code: 'CA-ON', name: 'Ontario', country: 'CA' }],
  };
  saved: SaveWorkspaceCalendarBody[] = [];
  async read() {
    return this.calendar;
  }
  async save(body: SaveWorkspaceCalendarBody) {
    if (body.regionCode && !this.calendar.regions.some((r) => r.code === body.regionCode)) {
      throw new ApiError('invalid', 'INVALID_CALENDAR', 'The time zone or the region is not known', {
        regionCode: 'Not a state or province of the catalogue',
      });
    }
    this.saved.push(body);
    this.calendar = { ...this.calendar, ...body };
    return this.calendar;
  }
}
