import { SetIpRangesBody, type IpRangeEntry } from '../../contracts/main/ip-ranges.contract';
import type { IpRangesApi } from './platform-tools-api.port';
import { refusalOf, type Refusal } from '../shared/refusal';

export interface IpRangeInput {
  cidr: string;
  label?: string;
}

/**
 * Saves a workspace's ranges, checked first with the very schema the server validates with, so a bad range
 * is named before the call (as `ranges.N.cidr`, the server's field name too).
 */
export class SaveIpRanges {
  constructor(private readonly ranges: IpRangesApi) {}

  async execute(workspaceId: string, input: IpRangeInput[]): Promise<{ ok: true; ranges: IpRangeEntry[] } | Refusal> {
    const rows = input
      .map((r) => ({ cidr: r.cidr.trim(), ...(r.label?.trim() ? { label: r.label.trim() } : {}) }))
      .filter((r) => r.cidr !== '');
    const parsed = SetIpRangesBody.safeParse({ ranges: rows });
    if (!parsed.success) {
      const fields: Record<string, string> = {};
      for (const issue of parsed.error.issues) fields[issue.path.map(String).join('.')] ??= issue.message;
      return { ok: false, reason: 'invalid', message: parsed.error.issues[0]?.message ?? 'Check the ranges', fields };
    }
    try {
      return { ok: true, ranges: await this.ranges.set(workspaceId, parsed.data) };
    } catch (error) {
      return refusalOf(error);
    }
  }
}
