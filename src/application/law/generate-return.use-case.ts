import type { ReturnKind } from '../../contracts/case/law.contract';
import { attempt, invalid, type Refusal } from '../shared/refusal';
import type { LawApi } from './law-api.port';

const FILE_NAMES: Record<ReturnKind, string> = {
  POSH_ANNUAL: 'posh-annual-return',
  BOARD: 'board-report',
  CANADA_ANNUAL: 'canada-annual-report',
};

/**
 * Generates a statutory return as a PDF or an XLSX (docs/law.md "The returns"). The period is checked first (a
 * calendar year, or a financial year written 2025-26 for the board's report); the server refuses a return whose
 * inputs are missing (409 naming them), which comes back as a refusal with its fields.
 */
export class GenerateReturn {
  constructor(private readonly api: LawApi) {}

  async execute(
    kind: ReturnKind,
    period: string,
    format: 'pdf' | 'xlsx',
  ): Promise<{ ok: true; file: Blob; fileName: string } | Refusal> {
    const wanted = kind === 'BOARD' ? /^\d{4}-\d{2}$/ : /^\d{4}$/;
    if (!wanted.test(period.trim()))
      return invalid(kind === 'BOARD' ? 'Write the financial year as 2025-26' : 'Write the year as 2025', 'period');
    const outcome = await attempt(() => this.api.returnFile(kind, period.trim(), format));
    return outcome.ok
      ? { ok: true, file: outcome.value, fileName: `${FILE_NAMES[kind]}-${period.trim()}.${format}` }
      : outcome;
  }
}
