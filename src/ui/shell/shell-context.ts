import { createContext, useContext } from 'react';
import type { ShellViewModel } from './shell.view-model';

/** Screens inside the shell read the selected business unit from here. */
export const ShellContext = createContext<ShellViewModel | null>(null);

export function useShell(): ShellViewModel {
  const shell = useContext(ShellContext);
  if (!shell) throw new Error('useShell outside AppShell');
  return shell;
}
