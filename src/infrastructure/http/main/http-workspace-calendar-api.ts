import { inject, injectable } from 'inversify';
import {
  readWorkspaceCalendar,
  saveWorkspaceCalendar,
  type SaveWorkspaceCalendarBody,
  type WorkspaceCalendar,
} from '../../../contracts/main/workspace-calendar.contract';
import type { WorkspaceCalendarApi } from '../../../application/organisation/workspace-calendar-api.port';
import { ApiClient, MainHttp } from '../api-client';

@injectable()
export class HttpWorkspaceCalendarApi implements WorkspaceCalendarApi {
  constructor(@inject(MainHttp) private readonly main: ApiClient) {}

  read(): Promise<WorkspaceCalendar> {
    return this.main.call(readWorkspaceCalendar);
  }

  save(body: SaveWorkspaceCalendarBody): Promise<WorkspaceCalendar> {
    return this.main.call(saveWorkspaceCalendar, { body });
  }
}
