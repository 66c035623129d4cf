import { createContext, useContext, useState, type ReactNode } from 'react';
import type { Container } from 'inversify';
import type { Token } from '../../infrastructure/wiring';

/**
 * What screens resolve view-models and services from: the app's Inversify container, or the sign-in entry's
 * LightContainer (infrastructure/light-container.ts), both offering this `get`.
 */
export interface Resolver {
  get<T>(token: Token<T>): T;
}

const ContainerContext = createContext<Resolver | null>(null);

export function ContainerProvider({ container, children }: { container: Resolver; children: ReactNode }) {
  return <ContainerContext.Provider value={container}>{children}</ContainerContext.Provider>;
}

/** One view-model instance per mounted screen, created by the container. */
export function useViewModel<T>(id: Token<T>): T {
  const container = useContext(ContainerContext);
  if (!container) throw new Error('useViewModel outside ContainerProvider');
  const [vm] = useState(() => container.get<T>(id));
  return vm;
}

/** A singleton service from the container (the shell's session, the flag poller). */
export function useService<T>(id: Token<T>): T {
  const container = useContext(ContainerContext);
  if (!container) throw new Error('useService outside ContainerProvider');
  return container.get<T>(id);
}

/**
 * The app's Inversify container itself, for loading an area's bindings before a lazily loaded part of a screen. Only
 * screens of the app's entry (main.tsx, which provides an Inversify container) call it; the sign-in pages never do.
 */
export function useContainer(): Container {
  const container = useContext(ContainerContext);
  if (!container) throw new Error('useContainer outside ContainerProvider');
  return container as Container;
}
