/**
 * A workspace is served at its own host name (`acme.example.com`, `acme.localhost`): lower-case labels of
 * letters, digits and inner hyphens, at least two labels, no port, no scheme, no IP address.
 * Returns the normalised host, or the reason it is not one.
 */
export function parseWorkspaceUrl(value: string): { ok: true; host: string } | { ok: false; reason: string } {
  const host = value.trim().toLowerCase().replace(/\.$/, '');
  if (!host) return { ok: false, reason: 'Give the host name, e.g. initech.example.com' };
  if (/^[a-z][a-z0-9+.-]*:\/\//.test(host) || host.includes('/'))
    return { ok: false, reason: 'Give the host name alone, without http:// or a path' };
  if (host.includes(':')) return { ok: false, reason: 'Give the host name without a port' };
  if (host.length > 253) return { ok: false, reason: 'A host name has at most 253 characters' };
  const labels = host.split('.');
  if (labels.length < 2)
    return { ok: false, reason: 'A workspace host has at least two parts, e.g. initech.localhost' };
  if (labels.every((l) => /^\d+$/.test(l))) return { ok: false, reason: 'Give a host name, not an IP address' };
  for (const label of labels) {
    if (!/^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/.test(label)) {
      return {
        ok: false,
        reason: 'Use letters, digits and hyphens between dots (a part may not start or end with a hyphen)',
      };
    }
  }
  return { ok: true, host };
}

/** `initech.example.com` -> `initech`: the workspace's short name, made unique by the server. */
export function slugOf(host: string): string {
  return host.split('.')[0];
}
