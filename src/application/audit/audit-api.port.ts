import type { AuditCategory, AuditEvent } from '../../contracts/main/audit.contract';

export interface AuditPage {
  items: AuditEvent[];
  page: number;
  pageSize: number;
  total: number;
}

/** The workspace's audit trail (a plain read: screens use the port directly). */
export const AuditApi = Symbol('AuditApi');
export interface AuditApi {
  /** @read */
  events(query: { page: number; pageSize: number; action?: string; category?: AuditCategory }): Promise<AuditPage>;
}
