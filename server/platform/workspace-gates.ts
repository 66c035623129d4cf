import { BlockList } from 'node:net';
import fp from 'fastify-plugin';
import { parseIpRange, plainAddress } from '../../src/domain/platform/ip-ranges';
import { contractState, isoDay } from '../../src/domain/platform/contract-expiry';
import { moduleLabel, type ModuleKey } from '../../src/domain/platform/workspace-modules';
import type { Database } from './db/database';
import { FreshValue } from './fresh-value';
import { systemClock } from './clock';

interface GateState {
  flags: Map<string, Set<string>>;
  ranges: Map<string, BlockList>;
}

/**
 * The flags that close a workspace (maintenance, elevateip) and the allowed address ranges, at most `maxAgeMs` old
 * (FreshValue: one read at a time, refreshed ahead of expiry): they change rarely, and pages poll every 20 s.
 * `forget()` after a change.
 */
export class WorkspaceGateState {
  private readonly value: FreshValue<GateState>;

  constructor(
    private readonly db: Database,
    maxAgeMs = 3000,
  ) {
    this.value = new FreshValue(() => this.read(), maxAgeMs);
  }

  private async read(): Promise<GateState> {
    const flagRows = await this.db.query<{ key: string; workspace_id: string }>(
      `SELECT f.key, fw.workspace_id FROM feature_flags f JOIN feature_flag_workspaces fw ON fw.flag_key = f.key
        WHERE f.key IN ('maintenance', 'elevateip') AND f.value NOT IN ('off', 'false')`,
    );
    const flags = new Map<string, Set<string>>();
    for (const row of flagRows) flags.set(row.key, (flags.get(row.key) ?? new Set()).add(row.workspace_id));
    const rangeRows = await this.db.query<{ workspace_id: string; cidr: string }>(
      `SELECT workspace_id, cidr FROM workspace_ip_ranges`,
    );
    const ranges = new Map<string, BlockList>();
    for (const row of rangeRows) {
      const range = parseIpRange(row.cidr);
      if (!range) continue;
      const list = ranges.get(row.workspace_id) ?? new BlockList();
      list.addSubnet(range.address, range.prefix, range.family);
      ranges.set(row.workspace_id, list);
    }
    return { flags, ranges };
  }

  async flagOn(key: 'maintenance' | 'elevateip', workspaceId: string): Promise<boolean> {
    return (await this.value.get()).flags.get(key)?.has(workspaceId) ?? false;
  }

  /** In elevated-IP mode only the workspace's ranges get in; with no range configured, nobody does. */
  async addressAllowed(workspaceId: string, ip: string): Promise<boolean> {
    const list = (await this.value.get()).ranges.get(workspaceId);
    if (!list) return false;
    const address = plainAddress(ip);
    return list.check(address, address.includes(':') ? 'ipv6' : 'ipv4');
  }

  forget(): void {
    this.value.forget();
  }
}

export const CONTRACT_EXPIRED = 'CONTRACT_EXPIRED';
const BRANDING = /^\/main-api\/api\/workspace\/company-profile\//;

/** Calls that keep answering during maintenance: the flag poll (to notice the end) and the branding. */
const STILL_SERVED = [/^\/main-api\/api\/feature-flags(\?|$)/, /^\/main-api\/api\/workspace\/company-profile\//];

const REFUSED_PAGE = (
  company: string,
) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Not available from this network</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body style="font-family:system-ui,sans-serif;max-width:560px;margin:15vh auto;padding:0 24px;color:#1f1f1f">
<h1 style="font-size:24px">${company} is not available from this network</h1>
<p>${company} accepts connections only from its organisation's own networks. Connect from the office network or the
company VPN and try again. If you believe you should have access, contact your administrator.</p></body></html>`;

/**
 * Closes a workspace while a mode is on. Elevated-IP: requests from outside its ranges are refused (403, a
 * page for browsers, JSON for the APIs). Maintenance: its APIs answer 503 with Retry-After. The platform
 * admin works from the main site, which neither mode touches.
 */
export const workspaceGates = fp<{
  state: WorkspaceGateState;
  apiBases: string[];
  moduleBases?: Record<string, ModuleKey>;
}>(
  async (app, { state, apiBases, moduleBases = {} }) => {
    // Contract expiry and module switches answer before access checks and validation: whoever calls, the
    // workspace (or this part of it) is closed.
    app.addHook('onRequest', async (request, reply) => {
      const site = request.ctx.site;
      if (site.kind !== 'workspace') return;
      const url = request.url;
      if (!apiBases.some((base) => url.startsWith(`${base}/`))) return;
      const workspace = site.workspace;
      // After the contract's last day the workspace is closed, its data kept: every API call but the branding
      // answers 403. The pages learn it from the flag poll's 403 and show the expiry page; an extension reopens it.
      if (
        contractState(workspace.contract_expires_on, isoDay(systemClock.now())).kind === 'expired' &&
        !BRANDING.test(url)
      ) {
        return reply.code(403).send({
          code: CONTRACT_EXPIRED,
          message: `${workspace.company_name}'s SafePlace contract ended on ${workspace.contract_expires_on}. Your data is kept; your administrator can renew it.`,
        });
      }
      // A module the platform admin switched off for this workspace: its API is closed to it (spec 6).
      // The switch of the most specific base the URL is under: the compliance calls live under the learning API's
      // base but answer to the Compliance switch alone.
      const module = Object.entries(moduleBases)
        .filter(([base]) => url.startsWith(`${base}/`))
        .sort(([a], [b]) => b.length - a.length)[0]?.[1];
      if (module && workspace.disabled_modules?.includes(module)) {
        return reply.code(403).send({
          code: 'MODULE_DISABLED',
          message: `The ${moduleLabel(module)} module is not enabled for ${workspace.company_name}.`,
        });
      }
    });
    app.addHook('preHandler', async (request, reply) => {
      const site = request.ctx.site;
      if (site.kind !== 'workspace') return;
      const url = request.url;
      const isApi = apiBases.some((base) => url.startsWith(`${base}/`));
      const workspace = site.workspace;
      if ((await state.flagOn('elevateip', workspace.id)) && !(await state.addressAllowed(workspace.id, request.ip))) {
        reply.code(403);
        if (isApi || url.startsWith('/config.json') || url.startsWith('/api/')) {
          return reply.send({
            code: 'IP_NOT_ALLOWED',
            message: `${workspace.company_name} accepts connections only from its organisation's networks.`,
          });
        }
        return reply.type('text/html; charset=utf-8').send(REFUSED_PAGE(workspace.company_name.replace(/[<>&"]/g, '')));
      }
      if (!isApi) return;
      if (STILL_SERVED.some((pattern) => pattern.test(url))) return;
      if (!(await state.flagOn('maintenance', workspace.id))) return;
      return reply
        .code(503)
        .header('retry-after', '60')
        .send({
          code: 'MAINTENANCE',
          message: `${workspace.company_name} is under maintenance and will be back shortly.`,
        });
    });
  },
  { name: 'workspace-gates', dependencies: ['request-context'] },
);
