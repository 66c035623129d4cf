import { createHash } from 'node:crypto';
import {
  LOGO_FIELD,
  type SignInMethod,
  type UpdateSettingsBody,
  type WorkspaceSettings,
} from '../../../src/contracts/main/organisation.contract';
import { notConfiguredMessage, servableSignInMethods } from '../../../src/domain/auth/social-sign-in';
import { audit } from '../../platform/audit';
import type { Database } from '../../platform/db/database';
import { offeredLanguages } from '../../platform/languages';
import { ok, refuse, type Outcome } from '../../platform/refusal';
import type { WorkspaceRow } from '../../platform/tenancy';
import { policyFromRow, sessionPolicyFor } from '../../platform/workspace-policy';
import {
  defaultLanguageOf,
  deleteLogo,
  logoOf,
  saveLogo,
  setColour,
  settingsForUpdate,
  updateSettings,
  type SettingsRow,
} from './branding.repository';
import type { Acting } from '../../platform/actor';

export type LogoType = 'image/png' | 'image/jpeg' | 'image/webp';

/** The picture's type from its first bytes, whatever its name or declared type says. SVG (script) is never accepted. */
export function logoType(bytes: Uint8Array): LogoType | null {
  const starts = (sig: number[], at = 0) => sig.every((b, i) => bytes[at + i] === b);
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (starts([0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return 'image/webp';
  return null;
}

function settingsFrom(row: SettingsRow, available: SignInMethod[]) {
  return {
    bulkSignUpEnabled: row.bulk_signup_enabled,
    ...signInMethods(row.social_platforms, available),
    ...policyFromRow(row),
    defaultLanguage: row.default_language,
  };
}

/** The methods the workspace really offers (chosen and servable), and those the server could serve. */
function signInMethods(
  stored: string[],
  available: SignInMethod[],
): { socialPlatformSet: SignInMethod[]; availableSocialPlatforms: SignInMethod[] } {
  return { socialPlatformSet: servableSignInMethods(stored, available), availableSocialPlatforms: available };
}

/**
 * The workspace's colour, logo and settings (sign-in methods, session policy, default language). `available` are the
 * sign-in methods this server is configured for; `logoUrl` the address the logo is served at for a version.
 */
export class BrandingService {
  constructor(
    private readonly db: Database,
    private readonly available: SignInMethod[],
    private readonly logoUrl: (version: string) => string,
  ) {}

  async setColour(
    actor: Acting<'userId' | 'ip'>,
    workspace: WorkspaceRow,
    hex: string,
  ): Promise<{ backgroundColor: string }> {
    const colour = `#${hex.toLowerCase()}`;
    await this.db.system(async (tx) => {
      await setColour(tx, workspace.id, colour);
      await audit(tx, {
        workspaceId: workspace.id,
        actorUserId: actor.userId,
        action: 'workspace.colour-set',
        target: workspace.id,
        ip: actor.ip,
        details: { from: workspace.background_color, to: colour },
      });
    });
    return { backgroundColor: colour };
  }

  async uploadLogo(
    actor: Acting<'userId' | 'ip'>,
    workspace: WorkspaceRow,
    bytes: Uint8Array,
  ): Promise<Outcome<{ companyLogo: string }>> {
    const type = logoType(bytes);
    if (!type)
      return refuse(
        'invalid',
        'UNSUPPORTED_IMAGE',
        'The logo must be a PNG, JPEG or WebP picture (SVG is not accepted)',
        {
          [LOGO_FIELD]: 'Not a PNG, JPEG or WebP picture',
        },
      );
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    const url = this.logoUrl(sha256.slice(0, 16));
    await this.db.system(async (tx) => {
      await saveLogo(tx, workspace.id, { contentType: type, bytes, sha256, uploadedBy: actor.userId }, url);
      await audit(tx, {
        workspaceId: workspace.id,
        actorUserId: actor.userId,
        action: 'workspace.logo-uploaded',
        target: workspace.id,
        ip: actor.ip,
        details: { contentType: type, bytes: bytes.length, sha256 },
      });
    });
    return ok({ companyLogo: url });
  }

  async removeLogo(actor: Acting<'userId' | 'ip'>, workspace: WorkspaceRow): Promise<{ companyLogo: null }> {
    await this.db.system(async (tx) => {
      await deleteLogo(tx, workspace.id);
      await audit(tx, {
        workspaceId: workspace.id,
        actorUserId: actor.userId,
        action: 'workspace.logo-removed',
        target: workspace.id,
        ip: actor.ip,
      });
    });
    return { companyLogo: null };
  }

  /** The logo's picture; `current` when `version` is its hash's prefix (the address may then be cached for good). */
  async logo(
    workspaceId: string,
    version: string,
  ): Promise<Outcome<{ contentType: string; bytes: Uint8Array; current: boolean }>> {
    const logo = await this.db.tenant(workspaceId, (tx) => logoOf(tx, workspaceId));
    if (!logo) return refuse('not-found', 'NOT_FOUND', 'This workspace has no logo');
    return ok({ contentType: logo.content_type, bytes: logo.bytes, current: logo.sha256.startsWith(version) });
  }

  async settings(workspace: WorkspaceRow): Promise<WorkspaceSettings> {
    const [policy, language] = await this.db.tenant(
      workspace.id,
      async (tx) => [await sessionPolicyFor(tx, workspace.id), await defaultLanguageOf(tx, workspace.id)] as const,
    );
    return {
      bulkSignUpEnabled: workspace.bulk_signup_enabled,
      ...signInMethods(workspace.social_platforms, this.available),
      ...policy,
      defaultLanguage: language ?? 'ENGLISH',
    };
  }

  async updateSettings(
    actor: Acting<'userId' | 'ip'>,
    workspace: WorkspaceRow,
    body: UpdateSettingsBody,
  ): Promise<Outcome<WorkspaceSettings>> {
    const methods = body.socialPlatformSet ? [...new Set(body.socialPlatformSet)].sort() : null;
    // A button on the sign-in page that cannot work is worse than none: only what the server can serve.
    const unserved = (methods ?? []).filter((m) => !this.available.includes(m));
    if (unserved.length)
      return refuse('invalid', 'VALIDATION', unserved.map(notConfiguredMessage).join(' '), {
        socialPlatformSet: unserved.map(notConfiguredMessage).join(' '),
      });
    return this.db.system(async (tx): Promise<Outcome<WorkspaceSettings>> => {
      if (body.defaultLanguage && !(await offeredLanguages(tx, workspace.id)).includes(body.defaultLanguage)) {
        return refuse('invalid', 'VALIDATION', 'This workspace does not offer that language', {
          defaultLanguage: 'French is offered to Canadian workspaces only',
        });
      }
      const before = await settingsForUpdate(tx, workspace.id);
      const row = await updateSettings(tx, workspace.id, {
        bulkSignUpEnabled: body.bulkSignUpEnabled ?? null,
        methods,
        minPasswordLength: body.minPasswordLength ?? null,
        privilegedIdleMinutes: body.privilegedIdleMinutes ?? null,
        privilegedSessionHours: body.privilegedSessionHours ?? null,
        sessionLifetimeDays: body.sessionLifetimeDays ?? null,
        inviteValidDays: body.inviteValidDays ?? null,
        defaultLanguage: body.defaultLanguage ?? null,
      });
      const from = settingsFrom(before, this.available);
      const to = settingsFrom(row, this.available);
      // The trail records what changed, each setting with its old and new value.
      const changed = (Object.keys(to) as (keyof typeof to)[]).filter(
        (k) => JSON.stringify(from[k]) !== JSON.stringify(to[k]),
      );
      await audit(tx, {
        workspaceId: workspace.id,
        actorUserId: actor.userId,
        action: 'workspace.settings-updated',
        target: workspace.id,
        ip: actor.ip,
        details: {
          changed,
          from: Object.fromEntries(changed.map((k) => [k, from[k]])),
          to: Object.fromEntries(changed.map((k) => [k, to[k]])),
        },
      });
      return ok(to);
    });
  }
}
