import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  bulkSignupSetting,
  LOGO_FIELD,
  LOGO_MAX_BYTES,
  removeLogo,
  updateWorkspaceSettings,
  uploadLogo,
  workspaceColour,
  workspaceLogo,
  type SignInMethod,
} from '../../../src/contracts/main/organisation.contract';
import { notConfiguredMessage, servableSignInMethods } from '../../../src/domain/auth/social-sign-in';
import type { CourseLanguage } from '../../../src/domain/courses/course';
import { audit } from '../../platform/audit';
import type { ApiDeps } from '../../platform/deps';
import { badRequest, HttpError, notFound } from '../../platform/errors';
import { currentWorkspace, serve, workspaceUser } from '../../platform/serve';
import { offeredLanguages } from '../../platform/languages';
import { POLICY_COLUMNS, policyFromRow, sessionPolicyFor } from '../../platform/workspace-policy';

export type LogoType = 'image/png' | 'image/jpeg' | 'image/webp';

/** The picture's type from its first bytes, whatever its name or declared type says. SVG (script) is never accepted. */
export function logoType(bytes: Uint8Array): LogoType | null {
  const starts = (sig: number[], at = 0) => sig.every((b, i) => bytes[at + i] === b);
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (starts([0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return 'image/webp';
  return null;
}

export async function brandingRoutes(app: FastifyInstance, deps: ApiDeps): Promise<void> {
  /** The sign-in methods this server is configured for (the OIDC_* settings). */
  const available: SignInMethod[] = (deps.settings.socialSignIn ?? []).map((p) =>
    p === 'google' ? 'GOOGLE' : 'MICROSOFT',
  );
  // The logo is served by this API under its own prefix, on the page's own origin (CSP img-src 'self').
  const logoUrl = (version: string) => `${app.prefix}/api/workspace/logo/${version}`;

  serve(app, workspaceColour, async (ctx) => {
    const { user, workspace } = workspaceUser(ctx);
    const colour = `#${ctx.params.hex.toLowerCase()}`;
    // `workspaces` is a reference table the tenant role may not write (migration 0085): the owner's transaction,
    // every statement naming this workspace.
    await deps.db.system(async (tx) => {
      await tx.query(`UPDATE workspaces SET background_color = $2 WHERE id = $1`, [workspace.id, colour]);
      await audit(tx, {
        workspaceId: workspace.id,
        actorUserId: user.userId,
        action: 'workspace.colour-set',
        target: workspace.id,
        ip: ctx.request.ip,
        details: { from: workspace.background_color, to: colour },
      });
    });
    return { backgroundColor: colour };
  });

  serve(app, uploadLogo, async (ctx) => {
    const { user, workspace } = workspaceUser(ctx);
    const bytes = await readLogo(ctx.request);
    const type = logoType(bytes);
    if (!type) {
      throw new HttpError(
        400,
        'UNSUPPORTED_IMAGE',
        'The logo must be a PNG, JPEG or WebP picture (SVG is not accepted)',
        {
          [LOGO_FIELD]: 'Not a PNG, JPEG or WebP picture',
        },
      );
    }
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    const url = logoUrl(sha256.slice(0, 16));
    // `workspaces` is a reference table the tenant role may not write (migration 0085): the owner's transaction,
    // every statement naming this workspace.
    await deps.db.system(async (tx) => {
      await tx.query(
        `INSERT INTO workspace_logos (workspace_id, content_type, bytes, sha256, uploaded_by) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (workspace_id) DO UPDATE SET content_type = EXCLUDED.content_type, bytes = EXCLUDED.bytes,
           sha256 = EXCLUDED.sha256, uploaded_by = EXCLUDED.uploaded_by, uploaded_at = now()`,
        [workspace.id, type, bytes, sha256, user.userId],
      );
      await tx.query(`UPDATE workspaces SET company_logo = $2 WHERE id = $1`, [workspace.id, url]);
      await audit(tx, {
        workspaceId: workspace.id,
        actorUserId: user.userId,
        action: 'workspace.logo-uploaded',
        target: workspace.id,
        ip: ctx.request.ip,
        details: { contentType: type, bytes: bytes.length, sha256 },
      });
    });
    return { companyLogo: url };
  });

  serve(app, removeLogo, async (ctx) => {
    const { user, workspace } = workspaceUser(ctx);
    // `workspaces` is a reference table the tenant role may not write (migration 0085): the owner's transaction,
    // every statement naming this workspace.
    await deps.db.system(async (tx) => {
      await tx.query(`DELETE FROM workspace_logos WHERE workspace_id = $1`, [workspace.id]);
      await tx.query(`UPDATE workspaces SET company_logo = NULL WHERE id = $1`, [workspace.id]);
      await audit(tx, {
        workspaceId: workspace.id,
        actorUserId: user.userId,
        action: 'workspace.logo-removed',
        target: workspace.id,
        ip: ctx.request.ip,
      });
    });
    return { companyLogo: null };
  });

  serve(app, workspaceLogo, async (ctx) => {
    const workspace = currentWorkspace(ctx.site);
    const [logo] = await deps.db.tenant(workspace.id, (tx) =>
      tx.query<{ content_type: string; bytes: Uint8Array; sha256: string }>(
        `SELECT content_type, bytes, sha256 FROM workspace_logos WHERE workspace_id = $1`,
        [workspace.id],
      ),
    );
    if (!logo) throw notFound('This workspace has no logo');
    // The address carries the picture's hash: a current address may be cached for good, an old one may not.
    const current = logo.sha256.startsWith(ctx.params.version);
    return ctx.reply
      .code(200)
      .type(logo.content_type)
      .header('cache-control', current ? 'public, max-age=31536000, immutable' : 'no-cache')
      .header('content-disposition', 'inline')
      .send(Buffer.from(logo.bytes));
  });

  serve(app, bulkSignupSetting, async (ctx) => {
    const { workspace } = workspaceUser(ctx);
    const [policy, [language]] = await deps.db.tenant(
      workspace.id,
      async (tx) =>
        [
          await sessionPolicyFor(tx, workspace.id),
          await tx.query<{ default_language: CourseLanguage }>(
            `SELECT default_language FROM workspaces WHERE id = $1`,
            [workspace.id],
          ),
        ] as const,
    );
    return {
      bulkSignUpEnabled: workspace.bulk_signup_enabled,
      ...signInMethods(workspace.social_platforms, available),
      ...policy,
      defaultLanguage: language?.default_language ?? 'ENGLISH',
    };
  });

  serve(app, updateWorkspaceSettings, async (ctx) => {
    const { user, workspace } = workspaceUser(ctx);
    const {
      bulkSignUpEnabled,
      socialPlatformSet,
      minPasswordLength,
      privilegedIdleMinutes,
      privilegedSessionHours,
      sessionLifetimeDays,
      inviteValidDays,
      defaultLanguage,
    } = ctx.body;
    const methods = socialPlatformSet ? [...new Set(socialPlatformSet)].sort() : null;
    // A button on the sign-in page that cannot work is worse than none: only what the server can serve.
    const unserved = (methods ?? []).filter((m) => !available.includes(m));
    if (unserved.length)
      throw badRequest(unserved.map(notConfiguredMessage).join(' '), {
        socialPlatformSet: unserved.map(notConfiguredMessage).join(' '),
      });
    // `workspaces` is a reference table the tenant role may not write (migration 0085): the owner's transaction,
    // every statement naming this workspace.
    return deps.db.system(async (tx) => {
      if (defaultLanguage && !(await offeredLanguages(tx, workspace.id)).includes(defaultLanguage)) {
        throw badRequest('This workspace does not offer that language', {
          defaultLanguage: 'French is offered to Canadian workspaces only',
        });
      }
      const [before] = await tx.query<SettingsRow>(
        `SELECT ${SETTINGS_COLUMNS} FROM workspaces WHERE id = $1 FOR UPDATE`,
        [workspace.id],
      );
      const [row] = await tx.query<SettingsRow>(
        `UPDATE workspaces SET bulk_signup_enabled = coalesce($2, bulk_signup_enabled), social_platforms = coalesce($3::text[], social_platforms),
                min_password_length = coalesce($4, min_password_length), privileged_idle_minutes = coalesce($5, privileged_idle_minutes),
                privileged_session_hours = coalesce($6, privileged_session_hours), session_lifetime_days = coalesce($7, session_lifetime_days),
                invite_valid_days = coalesce($8, invite_valid_days), default_language = coalesce($9, default_language)
          WHERE id = $1 RETURNING ${SETTINGS_COLUMNS}`,
        [
          workspace.id,
          bulkSignUpEnabled ?? null,
          methods,
          minPasswordLength ?? null,
          privilegedIdleMinutes ?? null,
          privilegedSessionHours ?? null,
          sessionLifetimeDays ?? null,
          inviteValidDays ?? null,
          defaultLanguage ?? null,
        ],
      );
      const from = settingsFrom(before, available);
      const to = settingsFrom(row, available);
      // The trail records what changed, each setting with its old and new value.
      const changed = (Object.keys(to) as (keyof typeof to)[]).filter(
        (k) => JSON.stringify(from[k]) !== JSON.stringify(to[k]),
      );
      await audit(tx, {
        workspaceId: workspace.id,
        actorUserId: user.userId,
        action: 'workspace.settings-updated',
        target: workspace.id,
        ip: ctx.request.ip,
        details: {
          changed,
          from: Object.fromEntries(changed.map((k) => [k, from[k]])),
          to: Object.fromEntries(changed.map((k) => [k, to[k]])),
        },
      });
      return to;
    });
  });
}

type SettingsRow = Parameters<typeof policyFromRow>[0] & {
  bulk_signup_enabled: boolean;
  social_platforms: string[];
  default_language: CourseLanguage;
};
const SETTINGS_COLUMNS = `bulk_signup_enabled, social_platforms, default_language, ${POLICY_COLUMNS}`;

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

/** One `logo` file part, at most LOGO_MAX_BYTES; other parts or a larger file are refused with 400/413. */
async function readLogo(request: FastifyRequest): Promise<Uint8Array> {
  if (!request.isMultipart()) throw badRequest('Send the logo as multipart/form-data', { [LOGO_FIELD]: 'Required' });
  let bytes: Buffer | null = null;
  try {
    for await (const part of request.parts({ limits: { fileSize: LOGO_MAX_BYTES, files: 1 } })) {
      if (part.type !== 'file' || part.fieldname !== LOGO_FIELD) {
        if (part.type === 'file') await part.toBuffer().catch(() => undefined);
        throw badRequest(`Unknown field ${part.fieldname}`, { [part.fieldname]: 'Unknown field' });
      }
      bytes = await part.toBuffer();
    }
  } catch (error) {
    if (error instanceof HttpError) throw error;
    const code = (error as { code?: string }).code ?? '';
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new HttpError(413, 'FILE_TOO_LARGE', `The logo is larger than ${LOGO_MAX_BYTES / 1024} KB`, {
        [LOGO_FIELD]: 'Too large',
      });
    }
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
      throw new HttpError(413, 'TOO_MANY_PARTS', 'Send one logo file only');
    }
    const status = (error as { statusCode?: number }).statusCode;
    if (typeof status === 'number' && status >= 400 && status < 500) throw error;
    if (error instanceof Error && /multipart|boundary|unexpected end/i.test(error.message)) {
      throw badRequest('The upload is not a valid multipart body', { [LOGO_FIELD]: 'Malformed upload' });
    }
    throw error;
  }
  if (!bytes || bytes.length === 0) throw badRequest('Attach the logo picture', { [LOGO_FIELD]: 'Required' });
  return new Uint8Array(bytes);
}
