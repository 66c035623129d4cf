import { describeToken, type Provider, type Token, type Wiring } from './wiring';

/**
 * The sign-in entry's container: the `get(token)` the view-models and hooks use, over plain factory lists, so the
 * first page anyone sees does not download Inversify and reflect-metadata (docs/architecture.md).
 */
export class LightContainer {
  private readonly providers = new Map<Token, Provider>();
  private readonly singletons = new Map<Token, unknown>();

  constructor(...wirings: Wiring[]) {
    for (const provider of wirings.flat()) {
      if (this.providers.has(provider.token)) throw new Error(`${describeToken(provider.token)} is wired twice`);
      this.providers.set(provider.token, provider);
    }
  }

  readonly get = <T>(token: Token<T>): T => {
    const provider = this.providers.get(token);
    if (!provider) throw new Error(`Nothing is wired for ${describeToken(token)}`);
    if (!provider.singleton) return provider.make(this.get) as T;
    if (!this.singletons.has(token)) this.singletons.set(token, provider.make(this.get));
    return this.singletons.get(token) as T;
  };

  isBound(token: Token): boolean {
    return this.providers.has(token);
  }
}
