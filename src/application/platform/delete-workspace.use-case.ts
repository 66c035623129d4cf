import { refuse, type Outcome } from '../shared/refusal';
import type { WorkspaceAdminApi } from './workspace-admin-api.port';

export type DeleteWorkspaceOutcome = Outcome<object, 'not-confirmed'>;

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
      const message = `Type ${input.companyName} to confirm`;
      return refuse('invalid', message, { code: 'not-confirmed', fields: { typedName: message } });
    }
    await this.workspaces.remove(input.workspaceId);
    return { ok: true };
  }
}
