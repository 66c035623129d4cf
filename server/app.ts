import { randomBytes } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import compress from '@fastify/compress';
import { constants as zlib } from 'node:zlib';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { caseApi, CASE_API_BASE } from './case/case-api.plugin';
import { provisionStatutoryProcess } from './case/workflows/statutory-process';
import { learningApi, LEARNING_API_BASE } from './learning/learning-api.plugin';
import { mainApi, MAIN_API_BASE } from './main/main-api.plugin';
import { MAIN_SITE_WORKSPACE_ID, type Database } from './platform/db/database';
import type { ApiDeps, ServerSettings } from './platform/deps';
import { installErrorHandling } from './platform/errors';
import { EmbeddedFileUrls, type DirectFileUrls } from './platform/signed-files';
import { Argon2PasswordHasher, type PasswordHasher } from './platform/passwords';
import { requestContext } from './platform/request-context';
import { ApiKeyAuthenticator } from './platform/api-keys';
import { scimRoutes } from './main/scim/scim.routes';
import { idempotency } from './platform/idempotency';
import { ParseSlots } from './platform/parse-slots';
import { quietClientCloses } from './platform/client-close-log';
import { securityHeaders } from './platform/security-headers';
import { workspaceGates, WorkspaceGateState } from './platform/workspace-gates';
import { SessionRepository } from './platform/sessions';
import { permissionGate, PermissionStore } from './platform/permissions';
import { SiteResolver } from './platform/tenancy';
import { RateLimits } from './platform/rate-limiter';
import { isAssetPath, webRoutes } from './web/web.routes';
import { isMainSiteAppPath, PublicSite } from './web/public-site';
import { leadFormRoutes } from './main/leads/lead-form.routes';
import { certificateHost } from './web/public-site.repository';
import { publicOrigin } from './platform/tenancy';
import { systemClock, type Clock } from './platform/clock';
import type { JobQueue } from './platform/jobs';
import { FileJobs } from './platform/file-jobs';
import { defineFileJobs } from './platform/files.job';
import { PeopleEvents } from './platform/people-events';
import { EVIDENCE_PREFIX, type EvidenceVault } from './platform/evidence-vault';
import { devOutboxRoutes } from './web/dev-outbox.routes';
import { devCaseClockRoutes } from './web/dev-case-clock.routes';
import { OutboxMessages, type Mailer, type SmsSender } from './platform/messages';
import { OidcProviders } from './main/auth/oidc-providers';
import { WebhookDeliveries } from './platform/webhooks/webhook-deliveries';
import { defineWebhookJobs } from './platform/webhooks/webhook-deliveries.job';
import { WebhookSender } from './platform/webhooks/webhook-sender';
import { socialSignInRoutes } from './main/auth/social-sign-in.routes';

export interface AppOptions {
  db: Database;
  /**
   * Signed upload and download URLs: the embedded file storage (served by this server at /files) or an S3-compatible
   * store (whose origin the Content-Security-Policy then allows); none when omitted.
   */
  fileUrls?: DirectFileUrls;
  /** Evidence encrypted at rest over `fileUrls`, served at /evidence-files (docs/files.md "Evidence at rest"). */
  evidence?: EvidenceVault;
  settings: ServerSettings;
  passwords?: PasswordHasher;
  /** Defaults to the outbox (stored, logged, readable at /dev/outbox when settings.outboxPage). */
  mail?: Mailer;
  sms?: SmsSender;
  /** Google and Microsoft sign-in; none configured when omitted. */
  oidc?: OidcProviders;
  /** The built web app (vite build output); omitted in API-only tests. */
  webRoot?: string;
  logger?: FastifyServerOptions['logger'];
  /** Where jobs and due dates read the time; the system clock when omitted (tests pass one they move). */
  clock?: Clock;
  /** The job queue: buildApp defines the APIs' jobs on it; the caller starts it (main.ts works it, tests drain it). */
  jobs?: JobQueue;
  /**
   * The secret that keys the reporters' address hashes (`INTAKE_ADDRESS_KEY` or `DATA_DIR/intake-address.key`, loaded by
   * main.ts); every process of a deployment must have the same. When omitted (tests of one process), a random one.
   */
  intakeAddressKey?: Uint8Array;
  /** The bound on spreadsheet uploads parsed at once; by default one made from `settings.fileParses` (tests look into it). */
  parses?: ParseSlots;
}

const API_BASES = [MAIN_API_BASE, LEARNING_API_BASE, CASE_API_BASE];
/** Pages served by the light sign-in entry (signin.html); vite.config.ts does the same in development. */
const isAuthPage = (url: string) =>
  url === '/signin' ||
  url === '/signin-password' ||
  url === '/signin-mobile' ||
  url === '/forgot-password' ||
  url === '/signup' ||
  /^\/(invite|email-verify)\/[A-Za-z0-9_-]+$/.test(url);
/** A certificate's public check (`/verify/{code}`), which the main site forwards to the workspace that issued it. */
const VERIFY_PAGE = /^\/verify\/([A-Z0-9-]{6,40})$/;
/** The course player, served by its own light entry (player.html, docs/decisions/0010-light-entries.md); vite.config.ts does the same in development. */
const isPlayerPage = (url: string) => /^\/training\/[A-Za-z0-9_-]+\/?$/.test(url);

/** Builds the whole server: the three APIs on their bases, and the web app. Tests call it with `inject`. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: quietClientCloses(options.logger),
    trustProxy: process.env.TRUST_PROXY === '1',
    bodyLimit: 1024 * 1024,
    // A client that sends its request slowly (a slow-loris body) is cut off: the whole request within this time, and
    // no more than two minutes without a byte in either direction.
    requestTimeout: options.settings.requestTimeoutMs ?? 600_000,
    connectionTimeout: 120_000,
    // Unknown JSON fields are rejected by the contracts (strict objects), not silently dropped.
    ajv: { customOptions: { removeAdditional: false } },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandling(app);

  const outbox = new OutboxMessages(options.db, (line) => app.log.info(line));
  const oidc = options.oidc ?? new OidcProviders([]);
  const webhooks = new WebhookDeliveries(
    options.db,
    new WebhookSender(options.settings.webhooks),
    options.clock ?? systemClock,
    options.mail ?? outbox,
    options.jobs,
    (line, error) => app.log.error({ err: error }, line),
  );
  if (options.jobs) defineWebhookJobs(options.jobs, webhooks);
  const deps: ApiDeps = {
    db: options.db,
    mail: options.mail ?? outbox,
    sms: options.sms ?? outbox,
    fileUrls: options.fileUrls,
    evidence: options.evidence,
    settings: { ...options.settings, socialSignIn: oidc.configured() },
    passwords: options.passwords ?? new Argon2PasswordHasher(),
    sessions: new SessionRepository(options.db),
    sites: new SiteResolver(options.db, options.settings.mainHost, options.settings.publicUrl),
    permissions: new PermissionStore(options.db),
    limits: new RateLimits(options.db),
    parses: options.parses ?? new ParseSlots(options.settings.fileParses),
    intakeAddressKey: options.intakeAddressKey ?? randomBytes(32),
    clock: options.clock ?? systemClock,
    jobs: options.jobs,
    webhooks,
    people: new PeopleEvents((line, error) => app.log.error({ err: error }, line)),
    workspaceCreated: (workspaceId, { ip }) => provisionStatutoryProcess(options.db, workspaceId, { ip }),
  };

  const fileOrigin = options.fileUrls?.origin ? [options.fileUrls.origin] : [];
  await app.register(securityHeaders, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // antd's CSS-in-JS writes <style> elements at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Course files may come from (and go to) an object store's own origin.
        imgSrc: ["'self'", 'data:', 'blob:', ...fileOrigin],
        mediaSrc: ["'self'", 'blob:', ...fileOrigin],
        connectSrc: ["'self'", ...fileOrigin],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: process.env.HSTS === '1',
  });
  // Answers of 1 KB or more go compressed when the client accepts it: brotli at a fast level (4 compresses a JSON
  // answer about as small as gzip -6 at a fraction of brotli 11's time), else gzip. The build's assets are
  // compressed once at build time and sent as they are (`preCompressed` below), which this leaves alone.
  // Before compression: its onSend hook must see the answer as the handler made it, before it is compressed.
  await app.register(idempotency, { db: options.db });
  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
  });
  await app.register(multipart, {
    limits: {
      fileSize: options.settings.maxUploadBytes,
      files: 1,
      fields: 30,
      fieldSize: 16 * 1024,
      parts: 32,
      headerPairs: 100,
    },
    throwFileSizeLimit: true,
  });
  await app.register(requestContext, {
    sites: deps.sites,
    sessions: deps.sessions,
    apiKeys: new ApiKeyAuthenticator(options.db),
  });
  deps.gates = new WorkspaceGateState(options.db);
  await app.register(workspaceGates, {
    state: deps.gates,
    apiBases: API_BASES,
    // The module switches (spec 6): the learning API is the course and policy module, the case API the concerned authority's.
    moduleBases: {
      [LEARNING_API_BASE]: 'courses',
      [`${LEARNING_API_BASE}/api/compliance`]: 'compliance',
      [CASE_API_BASE]: 'concerned-authority',
    },
  });

  await app.register(permissionGate, { store: deps.permissions });

  await app.register((api) => mainApi(api, deps), { prefix: MAIN_API_BASE });
  await app.register((api) => learningApi(api, deps), { prefix: LEARNING_API_BASE });
  await app.register((api) => caseApi(api, deps), { prefix: CASE_API_BASE });
  // SCIM 2.0 provisioning on a workspace's host, for identity providers (docs/integrations.md).
  await app.register((scim) => scimRoutes(scim, deps), { prefix: '/scim/v2' });
  // The sweep of unused uploads and the migration of files stored before the vault and random keys (file-jobs.ts).
  if (options.jobs && options.fileUrls) {
    defineFileJobs(
      options.jobs,
      new FileJobs(options.db, options.fileUrls, options.evidence, (line) => app.log.warn(line)),
    );
  }
  if (options.fileUrls instanceof EmbeddedFileUrls) {
    const fileUrls = options.fileUrls;
    await app.register(
      fileUrls.routes(
        (request) => {
          // The catalogue's files (the platform's policies) are uploaded on the main site, under the main site's id.
          const site = request.ctx.site;
          return site.kind === 'workspace' ? site.workspace.id : site.kind === 'main' ? MAIN_SITE_WORKSPACE_ID : null;
        },
        async (ws, key) => {
          // Keys carry no name (docs/files.md "Storage keys"): the download's name comes from the file's row.
          const [row] = await options.db.tenant(ws, (tx) =>
            tx.query<{ name: string }>(
              `SELECT declared_name AS name FROM files WHERE workspace_id = $1 AND storage_key = $2 AND purpose <> 'EVIDENCE'
             UNION ALL SELECT file_name FROM catalogue_policy_documents WHERE storage_key = $2
             UNION ALL SELECT pending_name FROM catalogue_policy_documents WHERE pending_key = $2 AND pending_name IS NOT NULL
             UNION ALL SELECT file_name FROM report_exports WHERE workspace_id = $1 AND file_key = $2`,
              [ws, key],
            ),
          );
          return row?.name ?? null;
        },
      ),
      {
        prefix: '/files',
      },
    );
  }
  if (options.evidence) {
    await app.register(
      options.evidence.routes(options.db, (request) =>
        request.ctx.site.kind === 'workspace' ? request.ctx.site.workspace.id : null,
      ),
      {
        prefix: EVIDENCE_PREFIX,
      },
    );
  }
  await app.register((web) => webRoutes(web, deps));
  await app.register((web) => devOutboxRoutes(web, deps));
  await app.register((web) => devCaseClockRoutes(web, deps));
  await app.register((web) => socialSignInRoutes(web, deps, oidc));

  const webRoot = options.webRoot && existsSync(path.join(options.webRoot, 'index.html')) ? options.webRoot : null;
  if (webRoot) {
    const hashedAssets = path.join(webRoot, 'assets') + path.sep;
    await app.register(fastifyStatic, {
      root: webRoot,
      wildcard: false,
      index: false,
      preCompressed: true,
      // The build's assets are named by their content's hash, so a browser keeps them for good: a full page load
      // (sign-in's redirect, a reload) then asks the server for the page and the runtime config only, not again for
      // each of the app's forty-odd chunks. The pages keep `max-age=0`, so a new build is picked up at once.
      setHeaders: (reply, file) => {
        if (file.startsWith(hashedAssets)) reply.header('cache-control', 'public, max-age=31536000, immutable');
      },
    });
  }
  const site = new PublicSite(webRoot);
  await app.register((web) => leadFormRoutes(web, deps, (origin, state) => site.contactPage(origin, state)));
  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url.split('?')[0];
    const isApi = API_BASES.some((base) => url === base || url.startsWith(`${base}/`)) || url.startsWith('/api/');
    const host = request.ctx.site;
    const read = request.method === 'GET' || request.method === 'HEAD';
    if (read && !isApi && webRoot) {
      // The public site (docs/public-site.md): static pages on the main host; robots.txt everywhere.
      if (url === '/robots.txt' || url === '/sitemap.xml') {
        if (host.kind === 'main') {
          const text = site.file(url, host.origin);
          if (text)
            return reply
              .type(url.endsWith('.xml') ? 'application/xml; charset=utf-8' : 'text/plain; charset=utf-8')
              .header('cache-control', 'no-cache')
              .send(text);
        } else if (url === '/robots.txt') {
          // A workspace is an organisation's own site: nothing in it is for search engines.
          return reply
            .type('text/plain; charset=utf-8')
            .header('cache-control', 'no-cache')
            .send('User-agent: *\nDisallow: /\n');
        }
      }
      if (host.kind === 'main' && site.built) {
        const page = site.page(url, host.origin);
        if (page) return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(page);
        const verify = VERIFY_PAGE.exec(url);
        if (verify) {
          const workspaceUrl = await options.db.system((tx) => certificateHost(tx, verify[1]));
          if (workspaceUrl) return reply.redirect(`${publicOrigin(host.origin, workspaceUrl)}${url}`, 302);
        }
        if (!isMainSiteAppPath(url) && !isAuthPage(url)) {
          return reply
            .code(404)
            .type('text/html; charset=utf-8')
            .header('cache-control', 'no-cache')
            .send(site.notFound(host.origin));
        }
      }
      // On a workspace, the finder is its own sign-in page.
      if (host.kind === 'workspace' && url === '/identify') return reply.redirect('/signin', 302);
    }
    // A missing file (a video, a script of an older build) is a 404, not the app's page with a 200.
    if (isApi || isAssetPath(url) || !read || !webRoot) {
      return reply.code(404).send({ code: 'NOT_FOUND', message: `No such route: ${request.method} ${url}` });
    }
    // Every page is reachable by URL: the sign-in pages and the course player from their light entries, the rest from the app's.
    const page =
      isAuthPage(url) && existsSync(path.join(webRoot, 'signin.html'))
        ? 'signin.html'
        : isPlayerPage(url) && existsSync(path.join(webRoot, 'player.html'))
          ? 'player.html'
          : 'index.html';
    return reply.header('cache-control', 'no-cache').sendFile(page, webRoot);
  });
  return app;
}
