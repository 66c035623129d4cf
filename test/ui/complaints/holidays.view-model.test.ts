import 'reflect-metadata';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../src/application/shared/api-error';
import { HolidaysViewModel } from '../../../src/ui/complaints/holidays.view-model';
import { SaveComplaintSettings } from '../../../src/application/complaints/save-complaint-settings.use-case';
import { FakeCaseExtrasApi } from '../../fakes/case-extras.fakes';

const holidays = (api: FakeCaseExtrasApi) => new HolidaysViewModel(api, new SaveComplaintSettings(api));

describe('HolidaysViewModel', () => {
  it('shows the national holidays and the added ones by date; adding one saves it at once with the rest unchanged', async () => {
    const api = new FakeCaseExtrasApi();
    const vm = holidays(api);
    await vm.load();
    expect(vm.rows.map((r) => `${r.date} ${r.source}`)).toEqual([
      '2026-01-26 DEFAULT',
      '2026-08-15 DEFAULT',
      '2026-10-02 DEFAULT',
    ]);
    expect(await vm.add('2026-12-01')).toBe(true);
    expect(api.saved.at(-1)).toEqual({
      compliance: 'IN_POSH',
      extraHolidays: ['2026-12-01'],
      saturdayOff: false,
      removedHolidays: [],
    });
    expect(vm.rows.map((r) => r.date)).toEqual(['2026-01-26', '2026-08-15', '2026-10-02', '2026-12-01']);
    expect(vm.note).toBe('2026-12-01 added: the clocks skip it from now on.');
  });

  it('refuses a day that is a holiday already or no date, without a call', async () => {
    const api = new FakeCaseExtrasApi();
    const vm = holidays(api);
    await vm.load();
    expect(await vm.add('2026-08-15')).toBe(false);
    expect(vm.fieldErrors.extraHolidays).toBe('This day is a holiday already');
    expect(await vm.add('')).toBe(false);
    expect(vm.fieldErrors.extraHolidays).toBe('Choose a date');
    expect(api.saved).toEqual([]);
  });

  it('takes a national holiday out as a working day, and keeps it again', async () => {
    const api = new FakeCaseExtrasApi();
    const vm = holidays(api);
    await vm.load();
    await vm.remove(vm.rows[1]);
    expect(api.saved.at(-1)?.removedHolidays).toEqual(['2026-08-15']);
    expect(vm.rows[1]).toEqual({ date: '2026-08-15', source: 'DEFAULT', removed: true });
    await vm.restore(vm.rows[1]);
    expect(vm.rows[1].removed).toBe(false);
    await vm.add('2026-12-01');
    await vm.remove(vm.rows.find((r) => r.source === 'ADDED')!);
    expect(api.settings.extraHolidays).toEqual([]);
  });

  it('shows the server’s refusal and keeps the calendar as it was', async () => {
    const api = new FakeCaseExtrasApi();
    const vm = holidays(api);
    await vm.load();
    api.failNext = new ApiError('invalid', 'INVALID', 'Not a default holiday', {
      'removedHolidays.0': 'Not a default holiday of India',
    });
    expect(await vm.remove(vm.rows[0])).toBe(false);
    expect(vm.saveError).toBe('Not a default holiday');
    expect(vm.rows[0].removed).toBe(false);
    expect(vm.saving).toBe(false);
  });

  it('says what went wrong when the settings cannot be read', async () => {
    const api = new FakeCaseExtrasApi();
    api.failNext = new ApiError('forbidden', 'FORBIDDEN', 'Only admins and employers set the holidays');
    const vm = holidays(api);
    await vm.load();
    expect(vm.status).toBe('error');
    expect(vm.error).toBe('Only admins and employers set the holidays');
  });

  it('turns the recusal of named witnesses off and on through the use case; a holiday saved after leaves it out', async () => {
    const api = new FakeCaseExtrasApi();
    const vm = holidays(api);
    await vm.load();
    expect(vm.settings?.recuseWitnesses).toBe(true);
    expect(await vm.setRecuseWitnesses(false)).toBe(true);
    expect(api.saved.at(-1)).toMatchObject({ recuseWitnesses: false });
    expect(vm.settings?.recuseWitnesses).toBe(false);
    expect(vm.note).toBe('Named witnesses on the committee are no longer recused from new cases.');
    expect(await vm.setRecuseWitnesses(true)).toBe(true);
    expect(vm.settings?.recuseWitnesses).toBe(true);
    expect(await vm.add('2026-12-01')).toBe(true);
    expect(api.saved.at(-1)).not.toHaveProperty('recuseWitnesses');
  });
});
