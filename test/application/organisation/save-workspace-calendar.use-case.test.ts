import { describe, expect, it } from 'vitest';
import { SaveWorkspaceCalendar } from '../../../src/application/organisation/save-workspace-calendar.use-case';
import { FakeWorkspaceCalendarApi } from '../../fakes/workspace-calendar.fakes';

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
