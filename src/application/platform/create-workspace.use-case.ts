import type { WorkspaceDetails } from '../../contracts/main/platform-workspaces.contract';
import { parseWorkspaceUrl } from '../../domain/platform/workspace-url';
import type { WorkspaceAdminApi } from './workspace-admin-api.port';
import { invalid, refusalOf, type Refusal } from '../shared/refusal';

export interface CreateWorkspaceInput {
  companyName: string;
  workspaceUrl: string;
  adminEmail: string;
  adminFirstName: string;
  adminLastName?: string;
  userLimit?: number | null;
  /** YYYY-MM-DD, or empty for an open-ended contract. */
  contractExpiresOn?: string | null;
  /** The jurisdiction it operates in (IN, CA-FED, ...): it chooses the complaint process the workspace starts with. */
  jurisdictionCode?: string | null;
}

export type CreateWorkspaceOutcome = { ok: true; workspace: WorkspaceDetails } | Refusal;

/** Creates a workspace with its first admin, who is sent an invitation. The host is checked before the call. */
export class CreateWorkspace {
  constructor(private readonly workspaces: WorkspaceAdminApi) {}

  async execute(input: CreateWorkspaceInput): Promise<CreateWorkspaceOutcome> {
    const companyName = input.companyName.trim();
    if (!companyName) return invalid('Give the company name', 'companyName');
    const url = parseWorkspaceUrl(input.workspaceUrl);
    if (!url.ok) return invalid(url.reason, 'workspaceUrl');
    try {
      const workspace = await this.workspaces.create({
        companyName,
        workspaceUrl: url.host,
        adminEmail: input.adminEmail.trim(),
        adminFirstName: input.adminFirstName.trim(),
        adminLastName: input.adminLastName?.trim() ?? '',
        userLimit: input.userLimit ?? null,
        contractExpiresOn: input.contractExpiresOn || null,
        jurisdictionCode: input.jurisdictionCode || null,
      });
      return { ok: true, workspace };
    } catch (error) {
      return refusalOf(error);
    }
  }
}
