import { ContainerModule, type ContainerModuleLoadOptions } from 'inversify';
import type { Wiring } from './wiring';

/** Binds a factory list (./wiring.ts) in Inversify: the app and the light sign-in entry share one wiring. */
export function bindWiring(bind: ContainerModuleLoadOptions['bind'], wiring: Wiring): void {
  for (const provider of wiring) {
    const binding = bind(provider.token).toDynamicValue((ctx) => provider.make((token) => ctx.get(token)));
    if (provider.singleton) binding.inSingletonScope();
  }
}

export function wiringModule(wiring: Wiring): ContainerModule {
  return new ContainerModule(({ bind }) => bindWiring(bind, wiring));
}
