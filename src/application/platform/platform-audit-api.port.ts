import type { PlatformAuditEvent } from '../../contracts/main/platform-audit.contract';

export interface PlatformAuditPage {
  items: PlatformAuditEvent[];
  page: number;
  pageSize: number;
  total: number;
}

/** The platform admins' own trail (a plain read: the screen uses the port directly). */
export const PlatformAuditApi = Symbol('PlatformAuditApi');
export interface PlatformAuditApi {
  /** @read */
  events(query: { page: number; pageSize: number; workspaceId?: string }): Promise<PlatformAuditPage>;
}
