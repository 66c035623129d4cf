import { systemBatch, type Database } from './db/database';

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

/**
 * The site a request is for. `origin` is the site's public address (scheme, host, port), built from the configured
 * public URL and, for a workspace, its stored `workspace_url`: links in messages use it, never a request header.
 */
export type Site =
  | { kind: 'main'; origin: string }
  | { kind: 'workspace'; workspace: WorkspaceRow; origin: string }
  | { kind: 'unknown'; host: string };

/** `Acme.Localhost:8080` -> `acme.localhost` */
export function hostName(hostHeader: string | undefined): string {
  if (!hostHeader) return '';
  const value = hostHeader.trim().toLowerCase();
  if (value.startsWith('[')) return value.slice(0, value.indexOf(']') + 1);
  return value.replace(/:\d+$/, '');
}

/** The workspace is the host the request is served from. */
export function requestHost(headers: { host?: string }): string {
  return hostName(headers.host);
}

/**
 * A browser call whose Origin names another site than its Host: refused before anything else (a forged Host
 * must not pick the workspace, nor the address a mail links to). Ports may differ (a development proxy);
 * an absent or opaque ("null") Origin leaves the Host alone to decide.
 */
export function crossSiteOrigin(headers: { host?: string; origin?: string }): boolean {
  const origin = headers.origin;
  if (!origin || origin === 'null') return false;
  let originHost: string;
  try {
    originHost = hostName(new URL(origin).host);
  } catch {
    return true;
  }
  return originHost !== hostName(headers.host);
}

/** `https://app.example:8443` + `acme.example` -> `https://acme.example:8443`: the scheme and port of the public URL. */
export function publicOrigin(publicUrl: string, host: string): string {
  const url = new URL(publicUrl);
  return `${url.protocol}//${host}${url.port ? `:${url.port}` : ''}`;
}

/** The columns of a `WorkspaceRow`, from `workspaces` aliased `w`. */
export const WORKSPACE_COLUMNS = `w.id, w.slug, w.workspace_url, w.company_name, w.company_logo, w.background_color, w.bulk_signup_enabled,
  w.social_platforms, w.user_limit, w.contract_expires_on::text, w.active, w.disabled_modules, w.min_password_length`;

/** The notice every change to workspaces sends (migration 0179). */
export const WORKSPACES_CHANGED = 'workspaces_changed';
/** At most this many hosts' workspaces kept; beyond, the memory starts again empty. */
const KEPT_HOSTS_MAX = 10_000;

export class SiteResolver {
  /**
   * Each workspace host's site, kept while no workspace changed, where the database announces every change before the
   * call that made it answers (`Database.listen`: PGlite). A request without a session (a sign-in, a public page)
   * then reads no row for its host. Only found workspaces are kept, so no stranger's made-up host takes memory.
   */
  private readonly kept = new Map<string, Site>();
  /** Moves at every change: a row read before a change is not kept after it. */
  private generation = 0;
  private watching: Promise<boolean> | null = null;

  constructor(
    private readonly db: Database,
    private readonly mainHost: string,
    /** The main site's public address (`PUBLIC_URL`); its scheme and port serve every workspace's too. */
    private readonly publicUrl: string = `http://${mainHost}`,
  ) {}

  isMainHost(host: string): boolean {
    return host === this.mainHost || host === '127.0.0.1' || host === '[::1]';
  }

  async resolve(host: string): Promise<Site> {
    if (this.isMainHost(host)) return { kind: 'main', origin: publicOrigin(this.publicUrl, this.mainHost) };
    const known = this.kept.get(host);
    if (known) return known;
    const watched = await this.watch();
    const generation = this.generation;
    // A batch of one statement: one call into PGlite, the text kept prepared (parsed and planned once).
    const [rows] = (await systemBatch(this.db, [
      { text: `SELECT ${WORKSPACE_COLUMNS} FROM workspaces w WHERE w.workspace_url = $1 AND w.active`, params: [host] },
    ])) as [WorkspaceRow[]];
    const site = this.siteOf(host, rows[0]);
    if (watched && site.kind === 'workspace' && generation === this.generation) {
      if (this.kept.size >= KEPT_HOSTS_MAX) this.kept.clear();
      this.kept.set(host, site);
    }
    return site;
  }

  /** Listens for changes to workspaces, once; answers whether rows may be kept (the driver announces every change). */
  private watch(): Promise<boolean> {
    this.watching ??= this.db.listen
      ? this.db
          .listen(WORKSPACES_CHANGED, () => {
            this.generation += 1;
            this.kept.clear();
          })
          .then(
            () => true,
            () => false,
          )
      : Promise.resolve(false);
    return this.watching;
  }

  /** The site of a workspace host whose row was read elsewhere (request-context reads it with the session). */
  siteOf(host: string, workspace: WorkspaceRow | undefined): Site {
    return workspace
      ? { kind: 'workspace', workspace, origin: publicOrigin(this.publicUrl, workspace.workspace_url) }
      : { kind: 'unknown', host };
  }
}
