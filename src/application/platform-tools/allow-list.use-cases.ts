import type { AllowListEntry, AllowListImport } from '../../contracts/main/allow-list.contract';
import { ALLOW_LIST_MAX_FILE_BYTES } from '../../contracts/main/allow-list.contract';
import { ALLOW_LIST_ENTRY_HINT, parseAllowListEntry } from '../../domain/platform/allow-list';
import type { AllowListApi } from './platform-tools-api.port';
import { invalid, refusalOf, type Refusal } from '../shared/refusal';

export class AddToAllowList {
  constructor(private readonly list: AllowListApi) {}

  async execute(workspaceId: string, text: string): Promise<{ ok: true; entry: AllowListEntry } | Refusal> {
    const value = parseAllowListEntry(text);
    if (!value) return invalid(ALLOW_LIST_ENTRY_HINT, 'email');
    try {
      return { ok: true, entry: await this.list.add(workspaceId, value.entry) };
    } catch (error) {
      return refusalOf(error);
    }
  }
}

/** Uploads a CSV or XLSX list; the server checks every line and adds all or nothing. */
export class ImportAllowList {
  constructor(private readonly list: AllowListApi) {}

  async execute(
    workspaceId: string,
    file: { name: string; content: Blob },
  ): Promise<{ ok: true; result: AllowListImport } | Refusal> {
    if (!/\.(csv|xlsx)$/i.test(file.name)) return invalid('Choose a .csv or .xlsx file', 'file');
    if (file.content.size > ALLOW_LIST_MAX_FILE_BYTES) {
      return {
        ok: false,
        reason: 'too-large',
        message: 'The file is larger than 1 MB',
        fields: { file: 'The file is larger than 1 MB' },
      };
    }
    try {
      return { ok: true, result: await this.list.upload(workspaceId, file) };
    } catch (error) {
      return refusalOf(error);
    }
  }
}

/** The bad lines a refused upload named (`line.N` fields), in line order, for the screen's list. */
export function badLines(fields: Record<string, string>): { line: number; reason: string }[] {
  return Object.entries(fields)
    .filter(([key]) => /^line\.\d+$/.test(key))
    .map(([key, reason]) => ({ line: Number(key.slice(5)), reason }))
    .sort((a, b) => a.line - b.line);
}
