import type { ReportSchedule, ScheduleFrequency } from '../../contracts/learning/reports.contract';
import { invalid, refusalOf, type Refusal } from '../shared/refusal';
import type { ReportApi } from './report-api.port';

export interface ScheduleReportInput {
  savedId: string;
  frequency: ScheduleFrequency;
  format: 'CSV' | 'XLSX';
  recipientIds: string[];
}

/** Mails a saved report weekly or monthly to chosen admins (the server checks that each may read it). */
export class ScheduleReport {
  constructor(private readonly reports: ReportApi) {}

  async execute(input: ScheduleReportInput): Promise<{ ok: true; schedule: ReportSchedule } | Refusal> {
    const recipientIds = [...new Set(input.recipientIds)];
    if (recipientIds.length === 0) return invalid('Choose at least one recipient', 'recipientIds');
    if (recipientIds.length > 20) return invalid('At most 20 recipients', 'recipientIds');
    try {
      const answer = await this.reports.setSchedule(input.savedId, { frequency: input.frequency, format: input.format, recipientIds });
      return { ok: true, schedule: answer.schedule! };
    } catch (error) {
      return refusalOf(error);
    }
  }
}

/** Stops mailing a saved report. */
export class StopReportSchedule {
  constructor(private readonly reports: ReportApi) {}

  async execute(savedId: string): Promise<{ ok: true } | Refusal> {
    try {
      await this.reports.stopSchedule(savedId);
      return { ok: true };
    } catch (error) {
      return refusalOf(error);
    }
  }
}
