import type { SignInMethod, WorkspaceSettings } from '../../contracts/main/organisation.contract';
import { logoProblem, normaliseHex } from '../../domain/organisation/branding';
import type { WorkspaceAdminApi } from './organisation-admin-api.port';
import { attempt, invalid, type Refusal } from './outcome';

export class SetWorkspaceColour {
  constructor(private readonly workspace: WorkspaceAdminApi) {}

  async execute(colour: string): Promise<{ ok: true; backgroundColor: string } | Refusal> {
    const hex = normaliseHex(colour);
    if (!hex) return invalid('Give a colour like #1f6feb', 'colour');
    const result = await attempt(() => this.workspace.setColour(hex));
    return result.ok ? { ok: true, backgroundColor: result.value } : result;
  }
}

/** Checks type and size first (the server decides by the picture's bytes), then uploads. */
export class UploadLogo {
  constructor(private readonly workspace: WorkspaceAdminApi) {}

  async execute(file: { blob: Blob; name: string }): Promise<{ ok: true; companyLogo: string } | Refusal> {
    const problem = logoProblem({ type: file.blob.type, size: file.blob.size });
    if (problem) return invalid(problem, 'logo');
    const result = await attempt(() => this.workspace.uploadLogo(file.blob, file.name));
    return result.ok ? { ok: true, companyLogo: result.value } : result;
  }
}

export class SaveWorkspaceSettings {
  constructor(private readonly workspace: WorkspaceAdminApi) {}

  async execute(input: { bulkSignUpEnabled: boolean; socialPlatformSet: SignInMethod[] }): Promise<{ ok: true; settings: WorkspaceSettings } | Refusal> {
    const result = await attempt(() =>
      this.workspace.updateSettings({ bulkSignUpEnabled: input.bulkSignUpEnabled, socialPlatformSet: [...new Set(input.socialPlatformSet)] }),
    );
    return result.ok ? { ok: true, settings: result.value } : result;
  }
}
