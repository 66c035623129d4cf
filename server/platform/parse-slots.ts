import { HttpError } from './errors';

/** Uploads of spreadsheets (CSV, XLSX) received and parsed at once, by default (docs/imports.md "Parsing uploads"). */
export const DEFAULT_FILE_PARSES = { perWorkspace: 2, perProcess: 6 } as const;
/** Seconds a refused upload is told to wait: a header read or a validation of a large file takes a few seconds. */
export const PARSE_RETRY_AFTER_SECONDS = 5;

export interface FileParseLimits {
  /** Uploads one workspace may have received and parsed at once in this process. */
  perWorkspace?: number;
  /** Uploads all workspaces together may have received and parsed at once in this process. */
  perProcess?: number;
}

/**
 * A bound on the spreadsheet uploads one process receives and parses at once, per workspace and in all. What it
 * protects is this process's memory (a parse holds the compressed workbook and inflates from it), so the count lives
 * in the process, unlike the rate limits that must hold across processes. Beyond the bound the upload is refused at
 * once, before its body is read, with 429 and Retry-After: a queue would hold the request bodies it was meant to
 * spare, and the web app shows "try again in a moment" with its own retry.
 */
export class ParseSlots {
  private readonly perWorkspace: number;
  private readonly perProcess: number;
  private readonly busy = new Map<string, number>();
  private total = 0;

  constructor(limits: FileParseLimits = {}) {
    this.perWorkspace = limits.perWorkspace ?? DEFAULT_FILE_PARSES.perWorkspace;
    this.perProcess = limits.perProcess ?? DEFAULT_FILE_PARSES.perProcess;
  }

  /** A slot for one upload of the workspace, or a 429 refusal; the returned release may be called more than once. */
  take(workspaceId: string): () => void {
    const mine = this.busy.get(workspaceId) ?? 0;
    if (mine >= this.perWorkspace || this.total >= this.perProcess) {
      throw new HttpError(
        429,
        'UPLOADS_BUSY',
        mine >= this.perWorkspace
          ? `${this.perWorkspace} files of this workspace are being read already. Try again in a few seconds.`
          : 'The server is reading other files. Try again in a few seconds.',
        undefined,
        { 'retry-after': String(PARSE_RETRY_AFTER_SECONDS) },
      );
    }
    this.busy.set(workspaceId, mine + 1);
    this.total += 1;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.total -= 1;
      const left = (this.busy.get(workspaceId) ?? 1) - 1;
      if (left > 0) this.busy.set(workspaceId, left);
      else this.busy.delete(workspaceId);
    };
  }

  /** Uploads being received or parsed now (for tests and benches). */
  inUse(workspaceId?: string): number {
    return workspaceId === undefined ? this.total : (this.busy.get(workspaceId) ?? 0);
  }
}
