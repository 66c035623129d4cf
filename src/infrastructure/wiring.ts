/**
 * Wiring as a plain list of factories: each token with how to make its value from other tokens. The sign-in entry
 * resolves such a list with the small LightContainer (no Inversify, no reflect-metadata: docs/architecture.md), and
 * the app's Inversify container binds the same lists (bindWiring in ./container.ts), so both entries share one wiring.
 */
// A token is what `get` takes: a port's symbol, or a class (abstract for the view-models' own classes).
export type Token<T = unknown> = symbol | (abstract new (...args: any[]) => T);

/** Reads another token's value while making one. */
export type Get = <T>(token: Token<T>) => T;

export interface Provider<T = unknown> {
  readonly token: Token<T>;
  readonly make: (get: Get) => T;
  /** One value for the container's life (adapters, the session); otherwise a fresh one per `get` (view-models). */
  readonly singleton: boolean;
}

export type Wiring = readonly Provider[];

/** A fresh value per `get`. */
export function factory<T>(token: Token<T>, make: (get: Get) => T): Provider {
  return { token, make, singleton: false } as Provider;
}

/** One value per container. */
export function single<T>(token: Token<T>, make: (get: Get) => T): Provider {
  return { token, make, singleton: true } as Provider;
}

export function describeToken(token: Token): string {
  return typeof token === 'symbol' ? (token.description ?? 'a symbol') : token.name;
}
