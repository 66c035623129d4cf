import { z } from 'zod';

/**
 * The per-workspace access switches (spec 6): each module is allowed unless the platform admin switches it
 * off. Stored as the list of switched-off modules, so a new module is on everywhere by default.
 */
export const ModuleKey = z.enum(['courses', 'concerned-authority', 'compliance']);
export type ModuleKey = z.infer<typeof ModuleKey>;

export const MODULES: readonly { key: ModuleKey; label: string; description: string }[] = [
  {
    key: 'courses',
    label: 'Courses and policies',
    description: 'Training courses and policy acceptance (the learning API)',
  },
  {
    key: 'concerned-authority',
    label: 'Concerned authority',
    description: 'The Internal Committee: redressal workflows and complaints (the case API)',
  },
  { key: 'compliance', label: 'Compliance', description: 'Compliance reports and filings' },
];

export type WorkspaceModules = Record<ModuleKey, boolean>;

export function modulesFrom(disabled: readonly string[] | null | undefined): WorkspaceModules {
  const off = new Set(disabled ?? []);
  return {
    courses: !off.has('courses'),
    'concerned-authority': !off.has('concerned-authority'),
    compliance: !off.has('compliance'),
  };
}

export function disabledModules(modules: Partial<WorkspaceModules>): ModuleKey[] {
  return ModuleKey.options.filter((key) => modules[key] === false);
}

export function moduleLabel(key: ModuleKey): string {
  return MODULES.find((m) => m.key === key)!.label;
}
