import type { LeadPage } from '../../contracts/main/leads.contract';

/** The public site's demo requests, for the platform admin (a plain read: the screen uses the port directly). */
export const LeadsApi = Symbol('LeadsApi');
export interface LeadsApi {
  /** @read */
  leads(query: { page: number; pageSize: number; search?: string }): Promise<LeadPage>;
}
