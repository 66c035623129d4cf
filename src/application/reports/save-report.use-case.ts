import type { ReportDefinition, SavedReport } from '../../contracts/learning/reports.contract';
import { invalid, refusalOf, type Refusal } from '../shared/refusal';
import type { ReportApi } from './report-api.port';

export interface SaveReportInput {
  /** The saved report to change; absent: a new one. */
  id?: string;
  name: string;
  definition: ReportDefinition;
}

/** Keeps a report definition under a name, for the admin who saves it only (a new one, or over one of theirs). */
export class SaveReport {
  constructor(private readonly reports: ReportApi) {}

  async execute(input: SaveReportInput): Promise<{ ok: true; saved: SavedReport } | Refusal> {
    const name = input.name.trim();
    if (!name) return invalid('Name the report', 'name');
    if (name.length > 120) return invalid('At most 120 characters', 'name');
    try {
      const body = { name, definition: input.definition };
      return { ok: true, saved: input.id ? await this.reports.update(input.id, body) : await this.reports.save(body) };
    } catch (error) {
      return refusalOf(error);
    }
  }
}

/** Deletes one of the admin's saved reports. */
export class DeleteSavedReport {
  constructor(private readonly reports: ReportApi) {}

  async execute(id: string): Promise<{ ok: true } | Refusal> {
    try {
      await this.reports.remove(id);
      return { ok: true };
    } catch (error) {
      return refusalOf(error);
    }
  }
}
