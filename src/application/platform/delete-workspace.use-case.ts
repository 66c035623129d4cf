import type { WorkspaceAdminApi } from './workspace-admin-api.port';

export type DeleteWorkspaceOutcome = { ok: true } | { ok: false; reason: 'not-confirmed'; message: string };

/** The platform admin confirms by typing the workspace's name exactly (spaces around it do not matter). */
export function deletionConfirmed(typed: string, companyName: string): boolean {
  return typed.trim() === companyName.trim();
}

/** Deletes a workspace and everything in it, once its name has been typed to confirm. */
export class DeleteWorkspace {
  constructor(private readonly workspaces: WorkspaceAdminApi) {}

  async execute(input: {
    workspaceId: string;
    companyName: string;
    typedName: string;
  }): Promise<DeleteWorkspaceOutcome> {
    if (!deletionConfirmed(input.typedName, input.companyName)) {
      return { ok: false, reason: 'not-confirmed', message: `Type ${input.companyName} to confirm` };
    }
    await this.workspaces.remove(input.workspaceId);
    return { ok: true };
  }
}
