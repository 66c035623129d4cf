import type { SessionStore } from '../../application/shared/session-store.port';

export const TOKEN_COOKIE = 'sp_token';
/** Spec 4: the token cookie lives 120 days. */
export const TOKEN_COOKIE_DAYS = 120;

/** Keeps the bearer token in a first-party cookie for this host only (SameSite=Strict, Secure on https). */
export class CookieSessionStore implements SessionStore {
  constructor(private readonly doc: Pick<Document, 'cookie'> & { location?: { protocol: string } } = document) {}

  token(): string | null {
    for (const part of this.doc.cookie.split(';')) {
      const [name, ...rest] = part.trim().split('=');
      if (name === TOKEN_COOKIE) return decodeURIComponent(rest.join('=')) || null;
    }
    return null;
  }

  save(token: string, _expiresAt: string): void {
    const maxAge = TOKEN_COOKIE_DAYS * 24 * 60 * 60;
    const secure = this.doc.location?.protocol === 'https:' ? '; Secure' : '';
    this.doc.cookie = `${TOKEN_COOKIE}=${encodeURIComponent(token)}; Max-Age=${maxAge}; Path=/; SameSite=Strict${secure}`;
  }

  clear(): void {
    this.doc.cookie = `${TOKEN_COOKIE}=; Max-Age=0; Path=/; SameSite=Strict`;
  }
}
