import type { SaveWorkspaceCalendarBody, WorkspaceCalendar } from '../../contracts/main/workspace-calendar.contract';

/** The workspace's time zone and state or province (its clocks' public holidays). Failures throw ApiError. */
export const WorkspaceCalendarApi = Symbol('WorkspaceCalendarApi');
export interface WorkspaceCalendarApi {
  /** @read */
  read(): Promise<WorkspaceCalendar>;
  save(body: SaveWorkspaceCalendarBody): Promise<WorkspaceCalendar>;
}
