import { describe, expect, it } from 'vitest';
import type {
  SaveWorkspaceCalendarBody,
  WorkspaceCalendar,
} from '../../../src/contracts/main/workspace-calendar.contract';
import type { WorkspaceCalendarApi } from '../../../src/application/organisation/workspace-calendar-api.port';
import { SaveWorkspaceCalendar } from '../../../src/application/organisation/save-workspace-calendar.use-case';
import { ApiError } from '../../../src/application/shared/api-error';

/** The calendar in memory, refusing a region outside its catalogue as the server does. */
class FakeWorkspaceCalendarApi implements WorkspaceCalendarApi {
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

describe('SaveWorkspaceCalendar', () => {
  it('saves a known zone and region', async () => {
    const api = new FakeWorkspaceCalendarApi();
    const outcome = await new SaveWorkspaceCalendar(api).execute({ timeZone: 'America/Toronto', regionCode: 'CA-ON' });
    expect(outcome).toMatchObject({ ok: true, calendar: { timeZone: 'America/Toronto', regionCode: 'CA-ON' } });
  });

  it('refuses a zone the platform does not know before any call, naming the field', async () => {
    const api = new FakeWorkspaceCalendarApi();
    const outcome = await new SaveWorkspaceCalendar(api).execute({ timeZone: 'Atlantis/Central', regionCode: null });
    expect(outcome).toMatchObject({ ok: false, reason: 'invalid', fields: { timeZone: expect.any(String) } });
    expect(api.saved).toEqual([]);
  });

  it("turns the server's refusal of a region into a Refusal on the field", async () => {
    const outcome = await new SaveWorkspaceCalendar(new FakeWorkspaceCalendarApi()).execute({
      timeZone: 'Asia/Kolkata',
      regionCode: 'IN-XX',
    });
    expect(outcome).toMatchObject({ ok: false, reason: 'invalid', fields: { regionCode: expect.any(String) } });
  });
});
