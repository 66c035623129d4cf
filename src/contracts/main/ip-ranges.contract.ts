import { z } from 'zod';
import { parseIpRange } from '../../domain/platform/ip-ranges';
import { IdParams, route } from '../route';

export const IpRangeEntry = z.object({ cidr: z.string(), label: z.string().nullable() });
export type IpRangeEntry = z.infer<typeof IpRangeEntry>;

export const SetIpRangesBody = z.strictObject({
  ranges: z
    .array(
      z.strictObject({
        cidr: z
          .string()
          .trim()
          .max(64)
          .refine((value) => parseIpRange(value) !== null, 'Not an IP address or CIDR range, e.g. 203.0.113.0/24'),
        label: z.string().trim().max(100).optional(),
      }),
    )
    .max(200),
});
export type SetIpRangesBody = z.infer<typeof SetIpRangesBody>;

/** Not in api/endpoints.tsv: the elevated-IP mode needs its ranges, which the platform admin edits. */
export const workspaceIpRanges = route({
  api: 'main',
  method: 'GET',
  path: '/api/admin/workspace/{id}/ip-ranges',
  summary: 'The address ranges allowed to reach a workspace while its elevated-IP mode (flag elevateip) is on',
  params: IdParams,
  response: z.array(IpRangeEntry),
  access: 'platform-admin',
});

export const setWorkspaceIpRanges = route({
  api: 'main',
  method: 'PUT',
  path: '/api/admin/workspace/{id}/ip-ranges',
  summary: "Replace a workspace's allowed address ranges",
  params: IdParams,
  body: SetIpRangesBody,
  response: z.array(IpRangeEntry),
  access: 'platform-admin',
});
