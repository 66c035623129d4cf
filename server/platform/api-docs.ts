import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import path from 'node:path';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBody, type RouteContract } from '../../src/contracts/route';
import { loadContractModules } from './contract-modules';

/**
 * Gives one API its own OpenAPI 3.1 document at `<base>/openapi.json` and a browsable reference at
 * `<base>/docs` (the same document), generated from the zod contracts its routes are declared with.
 *
 * What the document promises integrators (docs/api-documents.md; test/server/platform/openapi-documents.test.ts
 * lints it with Redocly and compiles a client generated from it):
 * - every operation's `operationId` is the name its contract is exported under (`signIn`), its tag the contract
 *   module (`auth`), its `security` what the contract's `access` says (none for public calls);
 * - every operation lists its error answers, all with the shared `ErrorBody` component;
 * - every schema a contract module exports under a capitalised name (`UserStats`, `MenuItem`) is a named
 *   component, so recursive and shared schemas are `$ref`s to components that exist.
 */
export async function apiDocs(api: FastifyInstance, info: { title: string; description: string; base: string }) {
  const catalogue = await contractCatalogue();
  /** operationId -> contract, filled while the document's operations are generated. */
  const operations = new Map<string, RouteContract>();
  await api.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: info.title, description: introduction(info), version: '1.0.0' },
      servers: [{ url: info.base }],
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', description: 'The token of POST /main-api/api/user/signin' },
        },
      },
    },
    transform: (input) => {
      const out = jsonSchemaTransform(input);
      // Paths are documented relative to the API's base URL (the `servers` entry).
      const url = out.url.startsWith(info.base) ? out.url.slice(info.base.length) || '/' : out.url;
      const contract = (input.route.config as { contract?: RouteContract } | undefined)?.contract;
      if (!contract || out.schema.hide) return { ...out, url };
      const named = catalogue.contracts.get(contract);
      const operationId = named?.name ?? fallbackOperationId(contract);
      operations.set(operationId, contract);
      const { response, ...schema } = out.schema as Record<string, unknown> & { response?: Record<string, unknown> };
      return {
        url,
        schema: {
          ...schema,
          operationId,
          tags: [named?.tag ?? contract.api],
          description: describeAccess(contract),
          security: contract.access === 'public' ? [] : [{ bearer: [] }],
          // Only the success answer here; the error answers are set in finish() from the contract.
          ...(response?.[200] ? { response: { 200: response[200] } } : {}),
        },
      };
    },
    transformObject: (input) => finish(jsonSchemaTransformObject(input) as OpenApiDocument, operations, catalogue),
    hideUntagged: true,
  });
  // indexPrefix: the reference's assets load from `<base>/docs/static/...` also when it is opened without the
  // trailing slash (its page then has absolute asset URLs; with the slash, relative ones).
  await api.register(swaggerUi, {
    routePrefix: '/docs',
    indexPrefix: info.base,
    staticCSP: true,
    // Tags start closed: the learning API's 130-odd operations, all open at once, stall swagger-ui's first render.
    uiConfig: { docExpansion: 'none' },
  });
  api.get('/openapi.json', { schema: { hide: true } }, async () => api.swagger());
}

/** The short introduction at the top of each document and reference. */
function introduction(info: { description: string; base: string }): string {
  return [
    `${info.description}.`,
    '',
    '**Base URL.** Each workspace is served from its own host, and so is each of its APIs: ' +
      `\`https://<workspace host>${info.base}\` (locally \`http://acme.localhost:8080${info.base}\`). ` +
      "The workspace is always the one of the host called, never one named in a body. The platform admin's calls are " +
      `served on the main host (\`http://localhost:8080${info.base}\`).`,
    '',
    '**Token.** Sign in with `POST /main-api/api/user/signin` and `{ "userEmail": "...", "userPassword": "..." }` ' +
      '(or `"username"`) on the workspace host; the answer\'s `token` is sent on every other call as ' +
      '`Authorization: Bearer <token>`, to all three APIs of that host. A token is worth nothing on another host. ' +
      'Calls marked with no security requirement are public.',
    '',
    '**Errors.** Every 4xx and 5xx answer is JSON `{ "code": "...", "message": "...", "fields": { "<input>": "<why>" } }` ' +
      '(`fields` only when inputs are at fault): 400 invalid input (unknown fields too), 401 not signed in, ' +
      "403 not allowed, 404 not found (also another workspace's objects, and an unknown host), 409 a state conflict, " +
      '413 too large, 429 too many attempts (with `Retry-After`), 503 a message could not be sent (with `Retry-After`).',
    '',
    '**Paging.** Lists take `page` (zero-based, default 0) and `pageSize` (default 20, at most 300) in the query ' +
      'and answer `{ "items": [...], "page": 0, "pageSize": 20, "total": 123 }`.',
    '',
    `**This document** is \`${info.base}/openapi.json\` (OpenAPI 3.1) on any host. Typed TypeScript for it: ` +
      `\`npx openapi-typescript@7 https://<host>${info.base}/openapi.json -o ${info.base.slice(1)}.d.ts\`, ` +
      'then `createClient<paths>()` of openapi-fetch.',
  ].join('\n');
}

function describeAccess(contract: RouteContract): string {
  const access = contract.access;
  const who =
    access === 'public'
      ? 'public (no token)'
      : access === 'signed-in'
        ? 'any signed-in caller'
        : access === 'platform-admin'
          ? 'the platform admin, on the main host'
          : access.join(', ');
  return (
    `Access: ${who}.` +
    (contract.permission
      ? ` Needs the workspace permission \`${contract.permission}\` (a workspace admin may switch it off for a role).`
      : '')
  );
}

/** A contract that is not exported from src/contracts still gets a readable, unique id. */
function fallbackOperationId(contract: RouteContract): string {
  const words = `${contract.method.toLowerCase()} ${contract.path}`.split(/[^A-Za-z0-9]+/).filter(Boolean);
  return words.map((w, i) => (i === 0 ? w : w[0].toUpperCase() + w.slice(1))).join('');
}

// ---------- the contract catalogue ----------

interface Catalogue {
  /** Each exported contract with its export name (the operationId) and module (the tag). */
  contracts: Map<RouteContract, { name: string; tag: string }>;
  /** Tag -> its description. */
  tags: Map<string, string>;
}

let loaded: Promise<Catalogue> | null = null;

/**
 * Reads every module of src/contracts once: names each exported contract after its export, and registers each
 * exported schema with a capitalised name as a named component (zod's registry id), unless it is used as a
 * contract's whole params or query (those become parameters, which cannot be references).
 */
export function contractCatalogue(): Promise<Catalogue> {
  return (loaded ??= loadCatalogue());
}

async function loadCatalogue(): Promise<Catalogue> {
  const contracts = new Map<RouteContract, { name: string; tag: string }>();
  const tags = new Map<string, string>();
  const schemas: [string, z.ZodType][] = [];
  for (const [file, module] of await loadContractModules()) {
    const tag = path.basename(file).replace(/(\.contract)?\.ts$/, '');
    for (const [name, value] of Object.entries(module)) {
      if (isContract(value)) {
        if (!contracts.has(value)) contracts.set(value, { name, tag });
        if (!tags.has(tag)) tags.set(tag, TAG_DESCRIPTIONS[tag] ?? `The calls declared in src/contracts/${file}.`);
      } else if (value instanceof z.ZodType && /^[A-Z]/.test(name)) {
        schemas.push([name, value]);
      }
    }
  }
  // route() wraps each input in the NUL rule (a clone whose `_zod.parent` is the exported schema, and zod's JSON Schema
  // of a clone points at its parent's id): the exported schema behind a params or query is a parameter too.
  const parentOf = (schema: unknown) => (schema as { _zod?: { parent?: unknown } } | undefined)?._zod?.parent;
  const parameters = new Set<unknown>(
    [...contracts.keys()].flatMap((c) => [c.params, c.query, parentOf(c.params), parentOf(c.query)]).filter(Boolean),
  );
  const registered = new Set<string>();
  const registry = z.globalRegistry;
  const names = new Set(schemas.map(([name]) => name));
  for (const [name, schema] of [['ErrorBody', ErrorBody] as const, ...schemas]) {
    const id = registry.get(schema)?.id;
    if (typeof id === 'string') registered.add(id);
    if (parameters.has(schema) || id !== undefined || registered.has(name)) continue;
    // `<Name>Input` is the id of <Name>'s input form: an export of that name beside <Name> would collide.
    if (name.endsWith('Input') && names.has(name.slice(0, -'Input'.length))) continue;
    registry.add(schema, { ...registry.get(schema), id: name });
    registered.add(name);
  }
  return { contracts, tags };
}

function isContract(value: unknown): value is RouteContract {
  return (
    typeof value === 'object' &&
    value !== null &&
    'api' in value &&
    'method' in value &&
    'path' in value &&
    'access' in value
  );
}

const TAG_DESCRIPTIONS: Record<string, string> = {
  player:
    "The learner's side of a course: my training, the player view, answers, video progress, lesson completion, quiz attempts scored on the server, certificates and their public verification; the admin's attempts, mark-done and past-completion import.",
  auth: 'Sign-in (password, one-time codes, invitations), the signed-in user, sign-out and password reset.',
  sessions: "The caller's sessions, and ending them.",
  signup: 'Sign-up where the workspace allows it, email verification and the profile image.',
  users: 'The people directory: search, details, edits, deactivation and deletion.',
  invites: 'The bulk user import (CSV or XLSX) and its jobs.',
  'invite-management': 'Pending invitations: list, re-send, withdraw.',
  organisation: 'Business units, departments and their managers, branding, workspace settings.',
  'allow-list': 'The sign-up allow list of email addresses and domains.',
  permissions: 'The permission matrix of the workspace roles, and the menu each role sees.',
  flags: 'Feature flags (maintenance and elevated-IP modes).',
  'ip-ranges': 'The IP ranges the elevated-IP mode lets in.',
  templates: "The workspace's wording of its messages.",
  audit: "The workspace's audit trail.",
  workspace: 'The workspace as its members see it: company profile, options, user totals.',
  'workspace-options': 'Options of the workspace.',
  'platform-workspaces': "The platform admin's workspace console (main host only).",
  'platform-users': "The platform admin's tools on a workspace's users (main host only).",
  'platform-audit': "The platform admin's audit trail (main host only).",
  'user-manual': 'The user manual: publish and read.',
  courses: 'Courses: the catalogue, their content, languages, assignment and members.',
  workflows: 'Redressal workflows: versions and their steps.',
};

// ---------- finishing the document ----------

type Json = Record<string, any>;
interface OpenApiDocument {
  paths?: Record<string, Record<string, Json>>;
  components?: { schemas?: Record<string, Json>; responses?: Record<string, Json>; [key: string]: unknown };
  tags?: { name: string; description?: string }[];
  [key: string]: unknown;
}

const SCHEMAS = '#/components/schemas/';
const ERROR_RESPONSES = {
  400: ['BadRequest', 'Invalid input: `fields` names each offending input (unknown fields too).'],
  401: ['Unauthorized', 'No valid token for this host: sign in.'],
  403: ['Forbidden', "The caller's role, or a permission switched off for it, does not allow this call."],
  404: [
    'NotFound',
    "Not found: no such object in this workspace (another workspace's objects too), or no workspace at this host.",
  ],
  500: ['ServerError', 'An unexpected error (logged on the server).'],
  default: [
    'Error',
    'Any other error: 409 a state conflict, 413 too large, 429 too many attempts and 503 a message that could not be sent (both with `Retry-After`).',
  ],
} as const;

/** The error answers of a call, from its contract: what its access and inputs allow. */
function errorCodes(contract: RouteContract): (keyof typeof ERROR_RESPONSES)[] {
  const codes: (keyof typeof ERROR_RESPONSES)[] = [];
  if (contract.params || contract.query || contract.body || contract.multipart) codes.push(400);
  if (contract.access !== 'public') codes.push(401);
  if ((contract.access !== 'public' && contract.access !== 'signed-in') || contract.permission) codes.push(403);
  codes.push(404, 500, 'default');
  return codes;
}

function finish(doc: OpenApiDocument, operations: Map<string, RouteContract>, catalogue: Catalogue): OpenApiDocument {
  const components = (doc.components ??= {});
  const schemas = (components.schemas ??= {});
  components.responses = Object.fromEntries(
    Object.values(ERROR_RESPONSES).map(([name, description]) => [
      name,
      { description, content: { 'application/json': { schema: { $ref: `${SCHEMAS}ErrorBody` } } } },
    ]),
  );

  const usedTags = new Set<string>();
  for (const methods of Object.values(doc.paths ?? {})) {
    for (const operation of Object.values(methods)) {
      const contract = operations.get(operation.operationId);
      if (!contract) continue;
      for (const tag of operation.tags ?? []) usedTags.add(tag);
      const responses: Json = {};
      if (operation.responses?.[200]) responses[200] = { ...operation.responses[200], description: 'OK' };
      else if (contract.response === null) {
        responses[200] = {
          description: 'The file (its `Content-Type` says which kind).',
          content: {
            'application/octet-stream': { schema: { type: 'string', contentMediaType: 'application/octet-stream' } },
          },
        };
      }
      for (const code of errorCodes(contract))
        responses[code] = { $ref: `#/components/responses/${ERROR_RESPONSES[code][0]}` };
      operation.responses = responses;
      if (contract.multipart && !operation.requestBody) {
        operation.requestBody = {
          required: true,
          description: 'A multipart form: the file part and the fields that the summary names.',
          content: { 'multipart/form-data': { schema: { type: 'object', additionalProperties: true } } },
        };
      }
    }
  }
  doc.tags = [...usedTags]
    .sort()
    .map((name) => ({ name, description: catalogue.tags.get(name) ?? `The ${name} calls.` }));

  walkSchemas(doc, listRecordKeys);
  mergeIdenticalInputs(doc, schemas);
  pruneComponents(doc, schemas);
  return doc;
}

/** Calls `visit` on every object of the document, depth first. */
function walkSchemas(node: unknown, visit: (object: Json) => void): void {
  if (Array.isArray(node)) node.forEach((item) => walkSchemas(item, visit));
  else if (node !== null && typeof node === 'object') {
    visit(node as Json);
    for (const child of Object.values(node)) walkSchemas(child, visit);
  }
}

/**
 * zod writes a record keyed by an enum (`z.record(UserStatus, ...)`, every key present) as `propertyNames` plus
 * `required` naming the keys, with no `properties`: valid JSON Schema, but generators and linters read `required`
 * keys that are not properties as a mistake. Lists each key as a property too.
 */
function listRecordKeys(schema: Json): void {
  const keys = schema.propertyNames?.enum;
  if (schema.type !== 'object' || schema.properties || !Array.isArray(keys) || !schema.additionalProperties) return;
  schema.properties = Object.fromEntries(keys.map((key: string) => [key, schema.additionalProperties]));
}

/** `XInput` (a schema as a body accepts it) identical to `X` (as an answer gives it) is written once, as `X`. */
function mergeIdenticalInputs(doc: OpenApiDocument, schemas: Record<string, Json>): void {
  // Until nothing changes: merging `RoleInput` may make `UserInput` (which refers to it) identical to `User`.
  for (;;) {
    const renamed = new Map<string, string>();
    for (const name of Object.keys(schemas)) {
      const output = name.endsWith('Input') ? name.slice(0, -'Input'.length) : null;
      if (output && schemas[output] && JSON.stringify(schemas[output]) === JSON.stringify(schemas[name]))
        renamed.set(`${SCHEMAS}${name}`, `${SCHEMAS}${output}`);
    }
    if (renamed.size === 0) return;
    for (const ref of renamed.keys()) delete schemas[ref.slice(SCHEMAS.length)];
    walkSchemas(doc, (object) => {
      if (typeof object.$ref === 'string' && renamed.has(object.$ref)) object.$ref = renamed.get(object.$ref);
    });
  }
}

/** Keeps only the components this document refers to (the registry holds the schemas of all three APIs). */
function pruneComponents(doc: OpenApiDocument, schemas: Record<string, Json>): void {
  const used = new Set<string>();
  const pending: unknown[] = [doc.paths, doc.components?.responses];
  while (pending.length) {
    walkSchemas(pending.pop(), (object) => {
      if (typeof object.$ref !== 'string' || !object.$ref.startsWith(SCHEMAS)) return;
      const name = object.$ref.slice(SCHEMAS.length);
      if (used.has(name)) return;
      used.add(name);
      pending.push(schemas[name]);
    });
  }
  for (const name of Object.keys(schemas)) if (!used.has(name)) delete schemas[name];
}
