/** Where the signed-in user's bearer token lives (a cookie kept 120 days in the browser). */
export const SessionStore = Symbol('SessionStore');
export interface SessionStore {
  token(): string | null;
  save(token: string, expiresAt: string): void;
  clear(): void;
}
