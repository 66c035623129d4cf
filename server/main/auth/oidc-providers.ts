import * as oidc from 'openid-client';

export type SocialProvider = 'google' | 'microsoft';
export const SOCIAL_PROVIDERS: readonly SocialProvider[] = ['google', 'microsoft'];
/** The workspace setting (`socialPlatformSet`) that enables each provider. */
export const PLATFORM_OF: Record<SocialProvider, 'GOOGLE' | 'MICROSOFT'> = { google: 'GOOGLE', microsoft: 'MICROSOFT' };
export const PROVIDER_LABEL: Record<SocialProvider, string> = { google: 'Google', microsoft: 'Microsoft' };

export interface OidcProviderSettings {
  provider: SocialProvider;
  /** The issuer identifier: `https://accounts.google.com`; Microsoft's multi-tenant `https://login.microsoftonline.com/common/v2.0`. */
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Where to fetch the discovery document, when not from the issuer itself (a proxy, or the tests' local provider). */
  discoveryUrl?: string;
  /** Microsoft only: the tenants (`tid`) whose people may sign in; empty means any tenant. */
  tenants?: string[];
}

const DEFAULT_ISSUER: Record<SocialProvider, string> = {
  google: 'https://accounts.google.com',
  microsoft: 'https://login.microsoftonline.com/common/v2.0',
};

/** Providers from the environment: `OIDC_GOOGLE_*` and `OIDC_MICROSOFT_*` (README, settings). Configured = client id and secret set. */
export function readOidcSettings(env: NodeJS.ProcessEnv): OidcProviderSettings[] {
  const out: OidcProviderSettings[] = [];
  for (const provider of SOCIAL_PROVIDERS) {
    const prefix = `OIDC_${provider.toUpperCase()}_`;
    const clientId = env[`${prefix}CLIENT_ID`];
    const clientSecret = env[`${prefix}CLIENT_SECRET`];
    if (!clientId && !clientSecret) continue;
    if (!clientId || !clientSecret) throw new Error(`${prefix}CLIENT_ID and ${prefix}CLIENT_SECRET go together`);
    const issuer = env[`${prefix}ISSUER`] || DEFAULT_ISSUER[provider];
    if (!/^https?:\/\//.test(issuer)) throw new Error(`${prefix}ISSUER must be a URL`);
    out.push({
      provider,
      issuer,
      clientId,
      clientSecret,
      discoveryUrl: env[`${prefix}DISCOVERY_URL`] || undefined,
      tenants: env[`${prefix}TENANTS`]
        ?.split(',')
        .map((t) => t.trim())
        .filter(Boolean),
    });
  }
  return out;
}

/** Plain http is allowed only on this machine (the tests' local provider); anything else must be https. */
function isLoopbackHttp(url: string | undefined): boolean {
  if (!url) return false;
  const u = new URL(url);
  return u.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(u.hostname);
}

/**
 * The configured providers, each discovered once on first use (a failed discovery is retried on the next
 * sign-in). openid-client checks the discovered issuer; for Microsoft's multi-tenant issuer it applies
 * Microsoft's documented rule itself: the ID token's `iss` must equal the metadata's
 * `https://login.microsoftonline.com/{tenantid}/v2.0` with the token's own `tid` in place of `{tenantid}`.
 */
export class OidcProviders {
  private readonly settings = new Map<SocialProvider, OidcProviderSettings>();
  private readonly configs = new Map<SocialProvider, Promise<oidc.Configuration>>();

  constructor(settings: OidcProviderSettings[]) {
    for (const s of settings) this.settings.set(s.provider, s);
  }

  configured(): SocialProvider[] {
    return SOCIAL_PROVIDERS.filter((p) => this.settings.has(p));
  }

  isConfigured(provider: SocialProvider): boolean {
    return this.settings.has(provider);
  }

  settingsOf(provider: SocialProvider): OidcProviderSettings | undefined {
    return this.settings.get(provider);
  }

  /** The openid-client configuration of a configured provider; throws when its discovery fails. */
  configuration(provider: SocialProvider): Promise<oidc.Configuration> {
    const cached = this.configs.get(provider);
    if (cached) return cached;
    const settings = this.settings.get(provider);
    if (!settings) return Promise.reject(new Error(`${provider} is not configured`));
    const pending = this.discover(settings);
    this.configs.set(provider, pending);
    pending.catch(() => this.configs.delete(provider));
    return pending;
  }

  private discover(s: OidcProviderSettings): Promise<oidc.Configuration> {
    const issuer = new URL(s.issuer);
    const insecure = isLoopbackHttp(s.issuer) || isLoopbackHttp(s.discoveryUrl);
    const wellKnown = `${s.issuer.replace(/\/$/, '')}/.well-known/openid-configuration`;
    const options: oidc.DiscoveryRequestOptions = {
      execute: insecure ? [oidc.allowInsecureRequests] : [],
      timeout: 10,
    };
    if (s.discoveryUrl) {
      const discoveryUrl = s.discoveryUrl;
      options[oidc.customFetch] = (url, init) => fetch(url === wellKnown ? discoveryUrl : url, init as RequestInit);
    }
    return oidc.discovery(issuer, s.clientId, s.clientSecret, undefined, options);
  }
}
