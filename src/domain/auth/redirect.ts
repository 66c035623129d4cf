/**
 * Where to go after sign-in.
 *
 * The spec honours any full http(s) or protocol-relative URL; that is an open redirect. We honour one only
 * when its host is the current workspace's host or the main site's host; anything else goes to the default.
 */
export interface RedirectContext {
  /** The host the app is served from now, e.g. `acme.localhost:8080`. */
  currentHost: string;
  /** The main (marketing) site's host, e.g. `localhost:8080`. */
  mainHost: string;
  /** The page's protocol, used for protocol-relative URLs. */
  protocol: 'http:' | 'https:';
}

/** Who signed in: a workspace user, the platform admin, or (main site) an account finding its workspaces. */
export type SignedInKind = 'user' | 'platform-admin' | 'account';

/** The platform admin lands in the platform console; other main-site sign-ins on the workspace finder. */
export function defaultLandingPath(onMainSite: boolean, kind?: SignedInKind): string {
  if (!onMainSite) return '/dashboard';
  return kind === 'platform-admin' ? '/platform/workspaces' : '/workspace/signin';
}

export function resolvePostSignInRedirect(
  requested: string | null | undefined,
  ctx: RedirectContext,
  kind?: SignedInKind,
): string {
  const onMainSite = sameHost(ctx.currentHost, ctx.mainHost);
  const fallback = defaultLandingPath(onMainSite, kind);
  if (!requested) return fallback;
  const value = requested.trim();
  const isFull = /^https?:\/\//i.test(value);
  const isProtocolRelative = value.startsWith('//');
  if (!isFull && !isProtocolRelative) return fallback;
  let url: URL;
  try {
    url = new URL(isProtocolRelative ? `${ctx.protocol}${value}` : value);
  } catch {
    return fallback;
  }
  if (url.username || url.password) return fallback;
  const allowed = sameHost(url.host, ctx.currentHost) || sameHost(url.host, ctx.mainHost);
  return allowed ? url.toString() : fallback;
}

function sameHost(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase();
}
