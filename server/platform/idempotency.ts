import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { MAIN_SITE_WORKSPACE_ID, type Database } from './db/database';
import { HttpError } from './errors';
import type { RouteContract } from '../../src/contracts/route';
import type { Principal } from './sessions';

/** Keys the client makes (the web app sends a random UUID); anything else is refused rather than stored. */
const KEY = /^[A-Za-z0-9_.:-]{8,128}$/;
/** A public caller's key is all that stands between a stranger and the first answer: as long as a random UUID. */
const PUBLIC_KEY = /^[A-Za-z0-9_.:-]{32,128}$/;
/** A repeat finds the first answer for this long; after it the key may be used again. */
const KEPT_HOURS = 24;
/** A first request still without its answer after this long died on the way: a repeat is told so, not run again. */
const STUCK_SECONDS = 300;
const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

interface Claim {
  workspaceId: string;
  caller: string;
  /** The key as stored: the client's key, or its hash for a sealed claim. */
  key: string;
  /** A public caller's answer is stored encrypted with a key derived from the client's key, which is not stored. */
  seal: Buffer | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    idempotency?: Claim | null;
  }
}

function callerOf(principal: Principal | null): string | null {
  if (!principal) return null;
  if (principal.kind === 'user') return `user:${principal.userId}`;
  if (principal.kind === 'platform-admin') return `platform:${principal.platformAdminId}`;
  if (principal.kind === 'api-key') return `key:${principal.keyId}`;
  return `account:${principal.sessionId}`;
}

/**
 * Who a key belongs to on a public create (`idempotent: true` in its contract): the reporter's receipt session when
 * the call carries one, else nobody in particular. Those answers hold secrets (a receipt key is shown once and kept
 * only as a hash), so the table keeps the key's hash and the answer sealed with the key itself: a copy of the
 * database reads neither, and only the client that holds the key (with the same input) gets the answer again.
 */
function publicCallerOf(body: unknown): string {
  const session = body && typeof body === 'object' ? (body as { session?: unknown }).session : undefined;
  return typeof session === 'string' ? `receipt:${createHash('sha256').update(session).digest('hex')}` : 'public';
}

function sealKey(key: string): Buffer {
  return createHash('sha256').update(`idempotent answer\0${key}`).digest();
}

function seal(secret: Buffer, text: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', secret, iv);
  const body = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
}

function unseal(secret: Buffer, stored: string): string {
  const raw = Buffer.from(stored, 'base64');
  const decipher = createDecipheriv('aes-256-gcm', secret, raw.subarray(0, 12));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
}

/** The request a key stands for: a repeat must be the same call with the same input. */
function fingerprint(request: FastifyRequest, secret: Buffer | null): string {
  // Keyed for a sealed claim: the input may hold a reporter's password, which a plain hash would let a copy test.
  return (secret ? createHmac('sha256', secret) : createHash('sha256'))
    .update(
      `${request.method} ${request.routeOptions.url ?? request.url}\n${JSON.stringify(request.params ?? {})}\n${JSON.stringify(request.query ?? {})}\n${JSON.stringify(request.body ?? null)}`,
    )
    .digest('hex');
}

/**
 * `Idempotency-Key` on a signed-in write (docs/architecture.md, "Idempotent requests"): the first request with a key
 * runs and its answer is kept; a repeat with the same key and the same input gets that answer again (with
 * `Idempotent-Replayed: true`) and does nothing; a repeat while the first still runs gets 409 with Retry-After; the
 * same key with another input gets 422. A 5xx answer is not kept (nothing was committed: the request's work is one
 * transaction), so a repeat runs again. Multipart uploads are not covered (their body is read by the handler). Public
 * calls take a key only where their contract is marked `idempotent` (see `publicCallerOf`).
 */
export const idempotency = fp(
  async (app: FastifyInstance, { db }: { db: Database }) => {
    app.addHook('preHandler', async (request: FastifyRequest, reply: FastifyReply) => {
      const key = request.headers['idempotency-key'];
      if (key === undefined || !WRITES.has(request.method)) return;
      if (typeof key !== 'string' || !KEY.test(key)) {
        throw new HttpError(400, 'VALIDATION', 'Idempotency-Key must be 8 to 128 letters, digits or . _ : -', {
          'Idempotency-Key': 'Invalid key',
        });
      }
      const contract = (request.routeOptions.config as { contract?: RouteContract } | undefined)?.contract;
      const open = contract?.access === 'public';
      // A public call takes a key only where its contract says a retry may repeat it; any other ignores the header.
      if (open && !contract.idempotent) return;
      if (open && !PUBLIC_KEY.test(key)) {
        throw new HttpError(
          400,
          'VALIDATION',
          'Idempotency-Key must be 32 to 128 letters, digits or . _ : - on this call',
          { 'Idempotency-Key': 'Invalid key' },
        );
      }
      const caller = open ? publicCallerOf(request.body) : callerOf(request.ctx?.principal ?? null);
      const site = request.ctx?.site;
      if (!caller || !site || site.kind === 'unknown' || request.isMultipart()) return;
      const workspaceId = site.kind === 'workspace' ? site.workspace.id : MAIN_SITE_WORKSPACE_ID;
      const secret = open ? sealKey(key) : null;
      const storedKey = open ? createHash('sha256').update(key).digest('hex') : key;
      const print = fingerprint(request, secret);
      const earlier = await db.tenant(workspaceId, async (tx) => {
        await tx.query(
          `DELETE FROM idempotent_requests WHERE workspace_id = $1 AND caller = $2 AND created_at < now() - make_interval(hours => $3)`,
          [workspaceId, caller, KEPT_HOURS],
        );
        const claimed = await tx.query(
          `INSERT INTO idempotent_requests (workspace_id, caller, key, fingerprint) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING RETURNING key`,
          [workspaceId, caller, storedKey, print],
        );
        if (claimed.length) return null;
        const [row] = await tx.query<{
          fingerprint: string;
          status_code: number | null;
          content_type: string | null;
          response: string | null;
          age: number;
        }>(
          `SELECT fingerprint, status_code, content_type, response, extract(epoch FROM now() - created_at)::float8 AS age
             FROM idempotent_requests WHERE workspace_id = $1 AND caller = $2 AND key = $3`,
          [workspaceId, caller, storedKey],
        );
        return row ?? null;
      });
      if (!earlier) {
        request.idempotency = { workspaceId, caller, key: storedKey, seal: secret };
        return;
      }
      if (earlier.fingerprint !== print) {
        throw new HttpError(
          422,
          'IDEMPOTENCY_KEY_REUSED',
          'This Idempotency-Key was already used for a different request. Send a new key for a new request.',
        );
      }
      if (earlier.status_code === null) {
        if (earlier.age > STUCK_SECONDS) {
          throw new HttpError(
            409,
            'IDEMPOTENCY_UNKNOWN',
            'The first request with this key did not finish; whether it took effect is not known. Check before sending it again with a new key.',
          );
        }
        throw new HttpError(
          409,
          'IDEMPOTENCY_IN_PROGRESS',
          'The first request with this key is still running. Try again in a moment.',
          undefined,
          { 'retry-after': '1' },
        );
      }
      reply.code(earlier.status_code).header('idempotent-replayed', 'true').header('cache-control', 'no-store');
      if (earlier.content_type) reply.header('content-type', earlier.content_type);
      return reply.send(secret && earlier.response ? unseal(secret, earlier.response) : (earlier.response ?? ''));
    });

    app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
      const claim = request.idempotency;
      if (!claim) return payload;
      request.idempotency = null;
      const keep = reply.statusCode < 500 && (typeof payload === 'string' || payload === null || payload === undefined);
      try {
        await db.tenant(claim.workspaceId, (tx) =>
          keep
            ? tx.query(
                `UPDATE idempotent_requests SET status_code = $4, content_type = $5, response = $6 WHERE workspace_id = $1 AND caller = $2 AND key = $3`,
                [
                  claim.workspaceId,
                  claim.caller,
                  claim.key,
                  reply.statusCode,
                  String(reply.getHeader('content-type') ?? '') || null,
                  claim.seal && typeof payload === 'string'
                    ? seal(claim.seal, payload)
                    : ((payload as string | null | undefined) ?? ''),
                ],
              )
            : tx.query(`DELETE FROM idempotent_requests WHERE workspace_id = $1 AND caller = $2 AND key = $3`, [
                claim.workspaceId,
                claim.caller,
                claim.key,
              ]),
        );
      } catch (error) {
        request.log.warn({ reason: (error as Error).message }, 'idempotency: the answer could not be kept');
      }
      return payload;
    });
  },
  // Registered before compression (app.ts); it reads `request.ctx`, which request-context sets on every request.
  { name: 'idempotency' },
);
