/**
 * A local OpenID Connect identity provider for tests (oidc-provider), configured once like Google and once like
 * Microsoft's multi-tenant endpoint. Server tests start it in-process (`startIdp`); the browser journeys run this
 * file as a Playwright web server (Google-like on 8199, Microsoft-like on 8198).
 *
 * "Like Microsoft": the discovery document is the multi-tenant one, its issuer `https://login.microsoftonline.com/
 * {tenantid}/v2.0`; ID tokens carry the tenant's own issuer and a `tid` claim, no `email_verified` (Microsoft sends
 * none), `xms_edov` where the email's domain is verified, and `preferred_username`. Like Microsoft, it does not send
 * the RFC 9207 `iss` authorization response parameter. The app fetches that discovery document from here through
 * `OIDC_MICROSOFT_DISCOVERY_URL`, so openid-client's own Entra ID issuer rule is what checks the tokens.
 */
import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import Provider, { type Configuration } from 'oidc-provider';

export type IdpKind = 'google' | 'microsoft';
/** Claims per account id (the `sub`); `email` (or `preferred_username`) is what the sign-in form asks for. */
export type IdpAccounts = Record<string, Record<string, unknown>>;

export const MICROSOFT_TEST_TENANT = '72f988bf-86f1-41af-91ab-2d7cd011db47';
export const MICROSOFT_COMMON_ISSUER = 'https://login.microsoftonline.com/common/v2.0';

export interface IdpOptions {
  kind: IdpKind;
  /** 0 for any free port. */
  port: number;
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
  accounts: IdpAccounts;
}

export interface RunningIdp {
  kind: IdpKind;
  /** The base URL it listens on. */
  url: string;
  /** What the app is configured with as OIDC_<PROVIDER>_ISSUER. */
  issuer: string;
  /** OIDC_MICROSOFT_DISCOVERY_URL for the Microsoft-like one. */
  discoveryUrl?: string;
  /** Change an account's claims (e.g. its email) while running. */
  accounts: IdpAccounts;
  close(): Promise<void>;
}

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(kind: IdpKind, uid: string, error?: string): string {
  const name = kind === 'google' ? 'Google' : 'Microsoft';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sign in - local ${name}</title></head>
<body style="font-family:sans-serif;max-width:420px;margin:48px auto">
<h1>Local ${name} (test identity provider)</h1>
${error ? `<p role="alert" style="color:#b00">${esc(error)}</p>` : ''}
<form method="post" action="/interaction/${esc(uid)}/login">
  <label for="email">Account email</label><br>
  <input id="email" name="email" type="email" autofocus required style="width:100%"><br><br>
  <button type="submit">Sign in at local ${name}</button>
</form></body></html>`;
}

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

export async function startIdp(options: IdpOptions): Promise<RunningIdp> {
  const accounts = options.accounts;
  const server = createServer();
  server.listen(options.port, '127.0.0.1');
  await once(server, 'listening');
  const port = (server.address() as AddressInfo).port;
  const url = `http://127.0.0.1:${port}`;
  const microsoft = options.kind === 'microsoft';
  const providerIssuer = microsoft ? `https://login.microsoftonline.com/${MICROSOFT_TEST_TENANT}/v2.0` : url;

  const configuration: Configuration = {
    clients: [
      {
        client_id: options.clientId,
        client_secret: options.clientSecret,
        redirect_uris: options.redirectUris,
        response_types: ['code'],
        grant_types: ['authorization_code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    claims: microsoft
      ? {
          openid: ['sub', 'tid', 'oid'],
          email: ['email', 'xms_edov'],
          profile: ['name', 'given_name', 'family_name', 'preferred_username'],
        }
      : { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'given_name', 'family_name', 'hd'] },
    // Google and Microsoft put the profile and email claims in the ID token of the code flow.
    conformIdTokenClaims: false,
    cookies: { keys: ['test-idp-cookie-key-not-a-secret'] },
    pkce: { required: () => true },
    ttl: { AuthorizationCode: 60, AccessToken: 600, IdToken: 600, Interaction: 600, Grant: 600, Session: 600 },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    async findAccount(_ctx, id) {
      const claims = accounts[id];
      if (!claims) return undefined;
      return {
        accountId: id,
        claims: async () => ({ sub: id, ...(microsoft ? { tid: MICROSOFT_TEST_TENANT } : {}), ...claims }),
      };
    },
  };
  const provider = new Provider(providerIssuer, configuration);
  const callback = provider.callback();

  const interaction = async (req: IncomingMessage, res: ServerResponse, uid: string, action?: string) => {
    const details = await provider.interactionDetails(req, res);
    if (req.method === 'GET' && !action) {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page(options.kind, details.uid));
      return;
    }
    const form = await readForm(req);
    const email = (form.get('email') ?? '').trim().toLowerCase();
    const accountId = Object.keys(accounts).find((id) => {
      const claims = accounts[id];
      return String(claims.email ?? claims.preferred_username ?? '').toLowerCase() === email;
    });
    if (!accountId) {
      res
        .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
        .end(page(options.kind, uid, 'No such account at this provider.'));
      return;
    }
    const grant = new provider.Grant({ accountId, clientId: String(details.params.client_id) });
    grant.addOIDCScope(String(details.params.scope));
    const grantId = await grant.save();
    await provider.interactionFinished(
      req,
      res,
      { login: { accountId }, consent: { grantId } },
      { mergeWithLastSubmission: false },
    );
  };

  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const path = (req.url ?? '/').split('?')[0];
    const match = /^\/interaction\/([^/]+)(?:\/(login))?$/.exec(path);
    if (match) {
      interaction(req, res, match[1], match[2]).catch((error: unknown) => {
        res.writeHead(400, { 'content-type': 'text/plain' }).end(`interaction failed: ${String(error)}`);
      });
      return;
    }
    if (microsoft) {
      // Microsoft's multi-tenant metadata names a template issuer, and Microsoft sends no `iss` response parameter.
      const setHeader = res.setHeader.bind(res);
      res.setHeader = (name: string, value: number | string | readonly string[]) => {
        if (name.toLowerCase() === 'location' && typeof value === 'string' && value.includes('iss=')) {
          const location = new URL(value);
          location.searchParams.delete('iss');
          value = location.toString();
        }
        return setHeader(name, value);
      };
      if (path === '/.well-known/openid-configuration') {
        const end = res.end.bind(res) as (chunk?: unknown) => ServerResponse;
        res.end = ((chunk?: unknown) => {
          const metadata = JSON.parse(String(chunk)) as Record<string, unknown>;
          metadata.issuer = 'https://login.microsoftonline.com/{tenantid}/v2.0';
          delete metadata.authorization_response_iss_parameter_supported;
          const body = JSON.stringify(metadata);
          res.setHeader('content-length', Buffer.byteLength(body));
          return end(body);
        }) as typeof res.end;
      }
    }
    // The provider answers its own errors; the request is done when it has.
    void callback(req, res);
  });

  return {
    kind: options.kind,
    url,
    issuer: microsoft ? MICROSOFT_COMMON_ISSUER : url,
    discoveryUrl: microsoft ? `${url}/.well-known/openid-configuration` : undefined,
    accounts,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The accounts of the browser journeys (the demo workspace's people). */
export const JOURNEY_ACCOUNTS: Record<IdpKind, IdpAccounts> = {
  google: {
    'google-sub-esha': {
      email: 'employee@acme.test',
      email_verified: true,
      name: 'Esha Employee',
      given_name: 'Esha',
      family_name: 'Employee',
    },
    'google-sub-stranger': { email: 'stranger@example.com', email_verified: true, name: 'Sam Stranger' },
  },
  microsoft: {
    'ms-sub-emil': {
      oid: '00000000-0000-0000-0000-00000000e411',
      email: 'employer@acme.test',
      xms_edov: true,
      preferred_username: 'employer@acme.test',
      name: 'Emil Employer',
    },
  },
};

export const JOURNEY_CLIENT = { clientId: 'safeplace-e2e', clientSecret: 'safeplace-e2e-secret' };
/** E2E_IDP_PORT moves both (Microsoft-like one below), so two journey runs can share a machine. */
const IDP_PORT = Number(process.env.E2E_IDP_PORT ?? 8199);
export const JOURNEY_IDP_PORTS = { google: IDP_PORT, microsoft: IDP_PORT - 1 } as const;

// Run as a script: both providers, for the journeys' app on E2E_PORT.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const appPort = Number(process.env.E2E_PORT ?? 8181);
  for (const kind of ['google', 'microsoft'] as const) {
    const idp = await startIdp({
      kind,
      port: JOURNEY_IDP_PORTS[kind],
      ...JOURNEY_CLIENT,
      redirectUris: ['acme', 'globex'].map(
        (slug) => `http://${slug}.localhost:${appPort}/api/auth/oidc/${kind}/callback`,
      ),
      accounts: JOURNEY_ACCOUNTS[kind],
    });
    console.log(`local ${kind} identity provider at ${idp.url}`);
  }
}
