import type { WorkspaceDetails, WorkspaceModules } from '../../contracts/main/platform-workspaces.contract';
import { parseWorkspaceUrl } from '../../domain/platform/workspace-url';
import type { WorkspaceAdminApi } from './workspace-admin-api.port';
import { invalid, refusalOf, type Refusal } from '../shared/refusal';

export type SettingOutcome = { ok: true; workspace: WorkspaceDetails } | Refusal;

/** Moves a workspace to another host; the old one stops serving it and its sessions end. */
export class ChangeWorkspaceUrl {
  constructor(private readonly workspaces: WorkspaceAdminApi) {}

  async execute(workspaceId: string, workspaceUrl: string): Promise<SettingOutcome> {
    const url = parseWorkspaceUrl(workspaceUrl);
    if (!url.ok) return invalid(url.reason, 'workspaceUrl');
    try {
      return { ok: true, workspace: await this.workspaces.changeUrl(workspaceId, url.host) };
    } catch (error) {
      return refusalOf(error);
    }
  }
}

/** The most users the workspace may have; null lifts the limit. */
export class SetUserLimit {
  constructor(private readonly workspaces: WorkspaceAdminApi) {}

  async execute(workspaceId: string, userLimit: number | null): Promise<SettingOutcome> {
    if (userLimit !== null && (!Number.isInteger(userLimit) || userLimit < 1))
      return invalid('Give a whole number of at least 1, or no limit', 'userLimit');
    try {
      return { ok: true, workspace: await this.workspaces.setUserLimit(workspaceId, userLimit) };
    } catch (error) {
      return refusalOf(error);
    }
  }
}

/** The contract's last day (YYYY-MM-DD); empty makes it open-ended. */
export class SetContractExpiry {
  constructor(private readonly workspaces: WorkspaceAdminApi) {}

  async execute(workspaceId: string, contractExpiresOn: string | null): Promise<SettingOutcome> {
    const day = contractExpiresOn?.trim() || null;
    if (day !== null && !/^\d{4}-\d{2}-\d{2}$/.test(day))
      return invalid('Give a date as YYYY-MM-DD', 'contractExpiresOn');
    try {
      return { ok: true, workspace: await this.workspaces.setContractExpiry(workspaceId, day) };
    } catch (error) {
      return refusalOf(error);
    }
  }
}

/** Switches one module on or off for a workspace; answers every module's state afterwards. */
export class SwitchWorkspaceModule {
  constructor(private readonly workspaces: WorkspaceAdminApi) {}

  async execute(workspaceId: string, module: keyof WorkspaceModules, on: boolean): Promise<WorkspaceModules> {
    return this.workspaces.setModules(workspaceId, { [module]: on });
  }
}
