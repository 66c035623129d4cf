import type { AllowListEntry } from '../../contracts/main/allow-list.contract';
import { UpdateSettingsBody, type WorkspaceSettings } from '../../contracts/main/organisation.contract';
import type { MessageTemplate, SaveTemplateBody, TemplatePreview } from '../../contracts/main/templates.contract';
import { TemplateInput } from '../../domain/messages/message-template';
import { logoProblem, normaliseHex } from '../../domain/organisation/branding';
import { ALLOW_LIST_ENTRY_HINT, parseAllowListEntry } from '../../domain/platform/allow-list';
import type { MessageTemplatesApi, SignupAllowListApi, WorkspaceAdminApi } from './organisation-admin-api.port';
import { attempt, invalid, type Refusal } from '../shared/refusal';

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

/** The zod issues of a refused input as a Refusal naming each field (the server names them the same way). */
function refusalFromIssues(issues: readonly { path: PropertyKey[]; message: string }[]): Refusal {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join('.') || 'form';
    fields[key] ??= issue.message;
  }
  return { ok: false, reason: 'invalid', message: Object.values(fields)[0] ?? 'Check the form', fields };
}

/**
 * Saves what the form changed. The input is checked with the very schema the server validates the call with, so
 * a password minimum of 7 or an idle time of 90 minutes is refused here, naming the field, before any call.
 */
export class SaveWorkspaceSettings {
  constructor(private readonly workspace: WorkspaceAdminApi) {}

  async execute(input: UpdateSettingsBody): Promise<{ ok: true; settings: WorkspaceSettings } | Refusal> {
    const body = {
      ...input,
      ...(input.socialPlatformSet ? { socialPlatformSet: [...new Set(input.socialPlatformSet)] } : {}),
    };
    const checked = UpdateSettingsBody.safeParse(body);
    if (!checked.success) return refusalFromIssues(checked.error.issues);
    const result = await attempt(() => this.workspace.updateSettings(checked.data));
    return result.ok ? { ok: true, settings: result.value } : result;
  }
}

/** Adds an address or a whole domain to the workspace's own sign-up allow-list. */
export class AddToSignupAllowList {
  constructor(private readonly list: SignupAllowListApi) {}

  async execute(text: string): Promise<{ ok: true; entry: AllowListEntry } | Refusal> {
    const value = parseAllowListEntry(text);
    if (!value) return invalid(ALLOW_LIST_ENTRY_HINT, 'email');
    const result = await attempt(() => this.list.add(value.entry));
    return result.ok ? { ok: true, entry: result.value } : result;
  }
}

/** Saves the workspace's wording of a message, checked first as the server checks it (placeholders, {{link}}, lengths). */
export class SaveMessageTemplate {
  constructor(private readonly templates: MessageTemplatesApi) {}

  async execute(input: SaveTemplateBody): Promise<{ ok: true; template: MessageTemplate } | Refusal> {
    const checked = TemplateInput.safeParse(input);
    if (!checked.success) return refusalFromIssues(checked.error.issues);
    const result = await attempt(() => this.templates.save(checked.data));
    return result.ok ? { ok: true, template: result.value } : result;
  }
}

/** The mail a wording would make, with sample values; nothing is saved or sent. */
export class PreviewMessageTemplate {
  constructor(private readonly templates: MessageTemplatesApi) {}

  async execute(input: SaveTemplateBody): Promise<{ ok: true; preview: TemplatePreview } | Refusal> {
    const checked = TemplateInput.safeParse(input);
    if (!checked.success) return refusalFromIssues(checked.error.issues);
    const result = await attempt(() => this.templates.preview(checked.data));
    return result.ok ? { ok: true, preview: result.value } : result;
  }
}
