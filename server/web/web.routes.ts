import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ApiDeps } from '../platform/deps';
import { DEFAULT_UPLOAD_LIMITS, UploadPurpose } from '../../src/domain/files/uploads';
import { CASE_API_BASE } from '../case/case-api.plugin';
import { LEARNING_API_BASE } from '../learning/learning-api.plugin';
import { MAIN_API_BASE } from '../main/main-api.plugin';

export const RuntimeConfig = z.object({
  mainApiUrl: z.string(),
  learningApiUrl: z.string(),
  caseApiUrl: z.string(),
  /** The main site's host name without port; the page adds its own port. */
  mainHost: z.string(),
  /** The social sign-in providers this server can use; the sign-in page offers those the workspace enables. */
  socialSignIn: z.array(z.enum(['google', 'microsoft'])),
  /** The largest file an upload may be (MAX_UPLOAD_BYTES): the browser refuses a larger one before sending it. */
  maxUploadBytes: z.number(),
  /** The largest course upload of each kind (MAX_VIDEO_BYTES, ...): the author sees them before choosing a file. */
  uploadLimits: z.record(UploadPurpose, z.number()),
});

/** File-like paths (build assets, media, anything with a file extension) that must answer 404 when missing, never the app's page. */
const ASSET_EXTENSION =
  /\.(?:m?js|css|map|json|png|jpe?g|gif|webp|avif|svg|ico|woff2?|ttf|otf|mp4|m4v|webm|ogg|ogv|mp3|wav|m4a|pdf|txt|xml|wasm|zip)$/i;

export function isAssetPath(url: string): boolean {
  return url.startsWith('/media/') || url.startsWith('/assets/') || ASSET_EXTENSION.test(url);
}

/** Routes of the web app's own origin: runtime configuration and the same-origin session check. */
export async function webRoutes(app: FastifyInstance, deps: ApiDeps): Promise<void> {
  app.get('/config.json', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return {
      mainApiUrl: process.env.MAIN_API_URL ?? MAIN_API_BASE,
      learningApiUrl: process.env.LEARNING_API_URL ?? LEARNING_API_BASE,
      caseApiUrl: process.env.CASE_API_URL ?? CASE_API_BASE,
      mainHost: deps.settings.mainHost,
      socialSignIn: deps.settings.socialSignIn ?? [],
      maxUploadBytes: deps.settings.maxUploadBytes,
      uploadLimits: deps.settings.uploadLimits ?? DEFAULT_UPLOAD_LIMITS,
    } satisfies z.infer<typeof RuntimeConfig>;
  });

  // GET /api/auth: the app-side session check (spec 7). 200 with the kind of session, or 401.
  app.get('/api/auth', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const principal = request.ctx.principal;
    if (!principal) return reply.code(401).send({ code: 'UNAUTHORIZED', message: 'Please sign in' });
    return { authenticated: true, kind: principal.kind };
  });
}
