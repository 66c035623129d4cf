import { describe, expect, it } from 'vitest';
import type { ReportApi } from '../../../src/application/reports/report-api.port';
import { ExportReport } from '../../../src/application/reports/export-report.use-case';
import { DeleteSavedReport, SaveReport } from '../../../src/application/reports/save-report.use-case';
import { ScheduleReport, StopReportSchedule } from '../../../src/application/reports/schedule-report.use-case';
import { ApiError } from '../../../src/application/shared/api-error';
import type { ExportBody, ReportSchedule, ReportScheduleBody, SavedReport, SavedReportBody } from '../../../src/contracts/learning/reports.contract';

/** A report API in memory: the saved reports of one admin, and the exports asked. */
class FakeReportApi implements ReportApi {
  rows: SavedReport[] = [];
  exports: ExportBody[] = [];
  schedules = new Map<string, ReportSchedule>();
  async options() {
    return { businessUnits: [], departments: [], courses: [], policies: [] };
  }
  async preview() {
    return { columns: [], rows: [], page: 1, pageSize: 20, total: 0, scopedTo: null };
  }
  async startExport(body: ExportBody) {
    this.exports.push(body);
    return { jobId: `job-${this.exports.length}` };
  }
  async saved() {
    return { items: this.rows };
  }
  async exportStatus(): Promise<never> {
    throw new Error('not used');
  }
  async save(body: SavedReportBody) {
    const row = { id: `s${this.rows.length + 1}`, name: body.name, definition: { filters: {}, ...body.definition }, createdAt: '', updatedAt: '' } as SavedReport;
    this.rows.push(row);
    return row;
  }
  async update(id: string, body: SavedReportBody) {
    const row = this.rows.find((s) => s.id === id);
    if (!row) throw new ApiError('not-found', 'NOT_FOUND', 'Not found');
    row.name = body.name;
    return row;
  }
  async remove(id: string) {
    if (!this.rows.some((s) => s.id === id)) throw new ApiError('not-found', 'NOT_FOUND', 'Not found');
    this.rows = this.rows.filter((s) => s.id !== id);
    return { ok: true as const };
  }
  async schedule(id: string) {
    return { schedule: this.schedules.get(id) ?? null, choices: [] };
  }
  async setSchedule(id: string, body: ReportScheduleBody) {
    if (body.recipientIds.includes('outsider')) throw new ApiError('invalid', 'INVALID_RECIPIENT', 'A recipient may not read this report', { recipientIds: 'Outsider may not read this report' });
    const schedule = { frequency: body.frequency, format: body.format, recipients: body.recipientIds.map((r) => ({ id: r, name: r, email: `${r}@x.test` })), nextRunAt: '', lastRunAt: null, stoppedAt: null, stoppedReason: null };
    this.schedules.set(id, schedule);
    return { schedule, choices: [] };
  }
  async stopSchedule(id: string) {
    if (!this.schedules.delete(id)) throw new ApiError('not-found', 'NOT_FOUND', 'Not found');
    return { ok: true as const };
  }
}

const definition = { columns: ['courseName' as const], filters: {}, isCourseInclude: true, isPolicyInclude: false };

describe('report use cases', () => {
  it('starts an export of the definition under its name, and refuses one with no column or no rows', async () => {
    const api = new FakeReportApi();
    const exportReport = new ExportReport(api);
    expect(await exportReport.execute({ name: '  Audit ', definition, format: 'XLSX' })).toEqual({ ok: true, jobId: 'job-1' });
    expect(api.exports[0]).toMatchObject({ name: 'Audit', columns: ['courseName'], format: 'XLSX' });
    expect(await exportReport.execute({ name: 'x', definition: { ...definition, columns: [] }, format: 'CSV' })).toMatchObject({ ok: false, reason: 'invalid', fields: { columns: expect.any(String) } });
    expect(await exportReport.execute({ name: 'x', definition: { ...definition, isCourseInclude: false }, format: 'CSV' })).toMatchObject({ ok: false, reason: 'invalid' });
    expect(api.exports).toHaveLength(1);
  });

  it('saves a new definition, saves over one, and deletes it; a name is required', async () => {
    const api = new FakeReportApi();
    const save = new SaveReport(api);
    expect(await save.execute({ name: ' ', definition })).toMatchObject({ ok: false, fields: { name: 'Name the report' } });
    const created = await save.execute({ name: 'Alpha', definition });
    expect(created).toMatchObject({ ok: true, saved: { id: 's1', name: 'Alpha' } });
    expect(await save.execute({ id: 's1', name: 'Alpha, done', definition })).toMatchObject({ ok: true, saved: { id: 's1', name: 'Alpha, done' } });
    expect(await save.execute({ id: 'other', name: 'Theirs', definition })).toMatchObject({ ok: false, reason: 'not-found' });
    const remove = new DeleteSavedReport(api);
    expect(await remove.execute('s1')).toEqual({ ok: true });
    expect(await remove.execute('s1')).toMatchObject({ ok: false, reason: 'not-found' });
  });

  it('schedules a saved report to its recipients once each, refuses none or a refused recipient on its field, and stops it', async () => {
    const api = new FakeReportApi();
    const schedule = new ScheduleReport(api);
    expect(await schedule.execute({ savedId: 's1', frequency: 'WEEKLY', format: 'CSV', recipientIds: [] })).toMatchObject({ ok: false, fields: { recipientIds: expect.any(String) } });
    expect(await schedule.execute({ savedId: 's1', frequency: 'WEEKLY', format: 'CSV', recipientIds: ['ella', 'outsider'] })).toMatchObject({ ok: false, reason: 'invalid', fields: { recipientIds: 'Outsider may not read this report' } });
    const set = await schedule.execute({ savedId: 's1', frequency: 'MONTHLY', format: 'XLSX', recipientIds: ['ella', 'ella', 'raj'] });
    expect(set).toMatchObject({ ok: true, schedule: { frequency: 'MONTHLY', recipients: [{ id: 'ella' }, { id: 'raj' }] } });
    const stop = new StopReportSchedule(api);
    expect(await stop.execute('s1')).toEqual({ ok: true });
    expect(await stop.execute('s1')).toMatchObject({ ok: false, reason: 'not-found' });
  });
});
