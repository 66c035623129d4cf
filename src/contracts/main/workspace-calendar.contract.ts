import { z } from 'zod';
import { route } from '../route';

/**
 * The workspace's own calendar (docs/case.md "The workspace's calendar"): the IANA time zone its dates and times are
 * shown and mailed in, and the state or province whose public holidays its working-day clocks skip. Not in
 * api/endpoints.tsv: named here and in docs/organisation.md.
 */

export const Region = z.object({ code: z.string(), name: z.string(), country: z.string() });
export type Region = z.infer<typeof Region>;

export const WorkspaceCalendar = z.object({
  /** An IANA time zone (Asia/Kolkata, America/Toronto ...). */
  timeZone: z.string(),
  /** A state or province of the jurisdictions catalogue (IN-KA, CA-ON); null: the country's national holidays only. */
  regionCode: z.string().nullable(),
  /** The states and provinces a workspace may choose. */
  regions: z.array(Region),
});
export type WorkspaceCalendar = z.infer<typeof WorkspaceCalendar>;

export const SaveWorkspaceCalendarBody = z.strictObject({
  timeZone: z.string().trim().min(1).max(64),
  regionCode: z.string().trim().toUpperCase().max(10).nullable(),
});
export type SaveWorkspaceCalendarBody = z.infer<typeof SaveWorkspaceCalendarBody>;

export const readWorkspaceCalendar = route({
  api: 'main',
  method: 'GET',
  path: '/api/workspace/calendar',
  summary: "The workspace's time zone and state or province (its clocks' public holidays)",
  response: WorkspaceCalendar,
  access: ['WORKSPACE_ADMIN'],
  permission: 'settings.manage',
});

export const saveWorkspaceCalendar = route({
  api: 'main',
  method: 'PUT',
  path: '/api/workspace/calendar',
  summary: "Sets the workspace's time zone and state or province; the open cases' clocks are computed again",
  body: SaveWorkspaceCalendarBody,
  response: WorkspaceCalendar,
  access: ['WORKSPACE_ADMIN'],
  permission: 'settings.manage',
});
