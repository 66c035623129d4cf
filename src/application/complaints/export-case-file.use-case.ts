import type { ExportBody } from '../../contracts/case/case-records.contract';
import { attempt, type Outcome } from '../shared/refusal';
import type { ComplaintsApi } from './complaints-api.port';

/** The one presiding exports the case file as a redacted PDF; the export is recorded in the access log. */
export class ExportCaseFile {
  constructor(private readonly api: ComplaintsApi) {}

  async execute(complaintId: string, body: ExportBody): Promise<Outcome<{ pdf: Blob }>> {
    const outcome = await attempt(() => this.api.exportCase(complaintId, body));
    return outcome.ok ? { ok: true, pdf: outcome.value } : outcome;
  }
}
