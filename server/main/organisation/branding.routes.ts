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
import type { ApiDeps } from '../../platform/deps';
import { badRequest, HttpError } from '../../platform/errors';
import { answer } from '../../platform/refusal';
import { currentWorkspace, serve, workspaceUser, type HandlerContext } from '../../platform/serve';
import { BrandingService } from './branding.service';
import { workspaceActor } from '../../platform/actor';

export { logoType, type LogoType } from './branding.service';

export async function brandingRoutes(app: FastifyInstance, deps: ApiDeps): Promise<void> {
  /** The sign-in methods this server is configured for (the OIDC_* settings). */
  const available: SignInMethod[] = (deps.settings.socialSignIn ?? []).map((p) =>
    p === 'google' ? 'GOOGLE' : 'MICROSOFT',
  );
  // The logo is served by this API under its own prefix, on the page's own origin (CSP img-src 'self').
  const branding = new BrandingService(deps.db, available, (version) => `${app.prefix}/api/workspace/logo/${version}`);
  const actorOf = (ctx: HandlerContext<any>) => [workspaceActor(ctx), currentWorkspace(ctx.site)] as const;

  serve(app, workspaceColour, async (ctx) => branding.setColour(...actorOf(ctx), ctx.params.hex));

  serve(app, uploadLogo, async (ctx) => {
    const [actor, workspace] = actorOf(ctx);
    return answer(await branding.uploadLogo(actor, workspace, await readLogo(ctx.request)));
  });

  serve(app, removeLogo, async (ctx) => branding.removeLogo(...actorOf(ctx)));

  serve(app, workspaceLogo, async (ctx) => {
    const workspace = currentWorkspace(ctx.site);
    const logo = answer(await branding.logo(workspace.id, ctx.params.version));
    // The address carries the picture's hash: a current address may be cached for good, an old one may not.
    return ctx.reply
      .code(200)
      .type(logo.contentType)
      .header('cache-control', logo.current ? 'public, max-age=31536000, immutable' : 'no-cache')
      .header('content-disposition', 'inline')
      .send(Buffer.from(logo.bytes));
  });

  serve(app, bulkSignupSetting, async (ctx) => branding.settings(workspaceUser(ctx).workspace));

  serve(app, updateWorkspaceSettings, async (ctx) => answer(await branding.updateSettings(...actorOf(ctx), ctx.body)));
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
