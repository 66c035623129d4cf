import type { Database } from './db/database';

export interface WorkspaceRow {
  id: string;
  slug: string;
  workspace_url: string;
  company_name: string;
  company_logo: string | null;
  background_color: string | null;
  bulk_signup_enabled: boolean;
  social_platforms: string[];
  user_limit: number | null;
  contract_expires_on: string | null;
  active: boolean;
  /** Modules the platform admin switched off for this workspace (migration 0008). */
  disabled_modules?: string[];
  /** The shortest password accepted here (migration 0015); read it with passwordPolicyFor inside a transaction. */
  min_password_length?: number;
}

export type Site = { kind: 'main' } | { kind: 'workspace'; workspace: WorkspaceRow } | { kind: 'unknown'; host: string };

/** `Acme.Localhost:8080` -> `acme.localhost` */
export function hostName(hostHeader: string | undefined): string {
  if (!hostHeader) return '';
  const value = hostHeader.trim().toLowerCase();
  if (value.startsWith('[')) return value.slice(0, value.indexOf(']') + 1);
  return value.replace(/:\d+$/, '');
}

/**
 * The workspace is the host the request is served from: the Origin of a browser call if present
 * (so a separately deployed API knows which workspace's page called it), else the Host.
 */
export function requestHost(headers: { host?: string; origin?: string }): string {
  const origin = headers.origin;
  if (origin && origin !== 'null') {
    try {
      return hostName(new URL(origin).host);
    } catch {
      return '';
    }
  }
  return hostName(headers.host);
}

export class SiteResolver {
  constructor(
    private readonly db: Database,
    private readonly mainHost: string,
  ) {}

  isMainHost(host: string): boolean {
    return host === this.mainHost || host === '127.0.0.1' || host === '[::1]';
  }

  async resolve(host: string): Promise<Site> {
    if (this.isMainHost(host)) return { kind: 'main' };
    const rows = await this.db.query<WorkspaceRow>(
      `SELECT id, slug, workspace_url, company_name, company_logo, background_color, bulk_signup_enabled,
              social_platforms, user_limit, contract_expires_on::text, active, disabled_modules, min_password_length
         FROM workspaces WHERE workspace_url = $1 AND active`,
      [host],
    );
    return rows[0] ? { kind: 'workspace', workspace: rows[0] } : { kind: 'unknown', host };
  }
}
