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
