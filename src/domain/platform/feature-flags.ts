export interface FlagState {
  key: string;
  value: string;
  enabledWorkspaces: readonly { workspaceUrl: string }[];
}

/** A flag applies to a workspace only when that workspace is in its enabled list (spec 4). */
export function flagOnFor(flags: readonly FlagState[], key: string, workspaceUrl: string | null): boolean {
  if (!workspaceUrl) return false;
  const flag = flags.find((f) => f.key === key);
  if (!flag || flag.value === 'off' || flag.value === 'false') return false;
  return flag.enabledWorkspaces.some((w) => w.workspaceUrl.toLowerCase() === workspaceUrl.toLowerCase());
}

export const FLAG_POLL_INTERVAL_MS = 20_000;

/** A flag's key as the platform admin types it: lower case, digits, "-" or "_", starting with a letter. */
export const FLAG_KEY_PATTERN = /^[a-z][a-z0-9_-]{0,63}$/;

/**
 * Flags that close a workspace: turning one on for a workspace asks first, saying what it does.
 * The server enforces both (server/platform/workspace-gates.ts).
 */
export const CLOSING_FLAGS: Readonly<Record<string, { title: string; effect: string }>> = {
  maintenance: {
    title: 'Maintenance mode',
    effect:
      'closes the workspace to everyone: its members see the maintenance page and every call to its APIs is refused until the flag is off again.',
  },
  elevateip: {
    title: 'Elevated-IP mode',
    effect:
      'shuts out every address outside the workspace’s allowed IP ranges; with no ranges set, nobody at all can reach the workspace.',
  },
};

/** The flags the platform itself reads (the closing ones): they can be switched off, never deleted. */
export function isBuiltInFlag(key: string): boolean {
  return Object.hasOwn(CLOSING_FLAGS, key);
}

/** The workspaces newly switched on (in `next` but not in `previous`) for a closing flag: these need a confirmation. */
export function workspacesToConfirm(key: string, previous: readonly string[], next: readonly string[]): string[] {
  if (!CLOSING_FLAGS[key]) return [];
  const before = new Set(previous.map((u) => u.toLowerCase()));
  return next.filter((u) => !before.has(u.toLowerCase()));
}
