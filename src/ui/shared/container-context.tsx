import { createContext, useContext, useState, type ReactNode } from 'react';
import type { Container, ServiceIdentifier } from 'inversify';

const ContainerContext = createContext<Container | null>(null);

export function ContainerProvider({ container, children }: { container: Container; children: ReactNode }) {
  return <ContainerContext.Provider value={container}>{children}</ContainerContext.Provider>;
}

/** One view-model instance per mounted screen, created by the container. */
export function useViewModel<T>(id: ServiceIdentifier<T>): T {
  const container = useContext(ContainerContext);
  if (!container) throw new Error('useViewModel outside ContainerProvider');
  const [vm] = useState(() => container.get<T>(id));
  return vm;
}

/** A singleton service from the container (the shell's session, the flag poller). */
export function useService<T>(id: ServiceIdentifier<T>): T {
  const container = useContext(ContainerContext);
  if (!container) throw new Error('useService outside ContainerProvider');
  return container.get<T>(id);
}

/** The container itself, for loading an area's bindings before a lazily loaded part of a screen. */
export function useContainer(): Container {
  const container = useContext(ContainerContext);
  if (!container) throw new Error('useContainer outside ContainerProvider');
  return container;
}
