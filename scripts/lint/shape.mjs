// The server's one shape (docs/architecture.md "Rules and the tools that hold them"), checked on file contents:
// - a route file (`*.routes.ts`) holds no SQL: route -> service -> repository;
// - a service file (`*.service.ts`) holds no SQL (its repository does) and throws no HTTP status (it returns a result
//   or a domain refusal; the route turns a refusal into HTTP);
// - a route file turns a refusal into HTTP only through `answer` (or `raise`) of server/platform/refusal.ts: no mapping
//   of its own from a refusal's kind to a status;
// - a server file writes no date/time helper of its own (`const iso = (v) => new Date(v).toISOString()`): the one
//   date/time module is src/domain/shared/date-time.ts (`instantText`, `instantTextOrNull`);
// - a mail's subject is written only in server/platform/message-templates.ts: no other server file gives a `subject`
//   a string or template literal (a mail takes its subject and text from a template, `...templates.x(...)`, or from a
//   workspace's own wording); the templates keep every mail's words in one place, escaped and in one HTML frame;
// - a job of the queue is defined, with its handler, only in a `*.job.ts` file (`queue.define(...)` of
//   server/platform/jobs.ts): the routes and the app call that file's `defineXJobs`, and a reader finds every
//   background entry point by its name;
// - a server file reads the time through the clock port (`Clock`, `systemClock` of server/platform/clock.ts): no
//   `Date.now()` and no `new Date()` without an argument outside server/platform/clock.ts; elapsed time is its
//   `stopwatch()`;
// - the web app's use cases, adapters and screens write no failure type of their own (`{ ok: false; ... }`): a use
//   case answers `Outcome<T>`, whose failure is the one `Refusal` of src/application/shared/refusal.ts (its own
//   refusals are that Refusal's `code`). The domain's rule checks (pure verdicts) are not outcomes and keep theirs;
// - a view-model class (`class XViewModel`) lives in a `*.view-model.ts` file of its own: one per file, none in a
//   screen, a component or a `*.view-models.ts`;
// - a screen (`*.screen.tsx`) takes nothing from the container past its view-model (`useViewModel`): no
//   `useContainer()`, no `container.get`. The home page (src/ui/dashboard) composes other areas' lazily bound cards
//   and keeps the container for that.
// Files that broke a rule before it was enforced are listed in shape-baseline.json. The list only shrinks: a new file
// that breaks a rule fails, and so does a listed file that no longer breaks it (take it off the list).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/** SQL sent from the file: a driver call (`.query(`, `.query<T>(`, `.queryText(`) or an `sql` template. */
export const SQL = /\.query(?:Text)?\s*(?:<[^>()]*>)?\s*\(|\bsql`/;
/** An HTTP status thrown from the file: the HttpError class or one of its helpers from server/platform/errors.ts. */
export const HTTP = /\bHttpError\b|\b(?:notFound|forbidden|unauthorized|badRequest|conflict)\s*\(|\bstatusCode\b/;

/** A second path from a refusal to HTTP: the helper's own name, or a status picked by the refusal's kind. */
export const OWN_REFUSAL_MAPPING = /\brefusalError\b|\.refusal\s*[!=]==?\s*['"`]/;

/** A private instant-to-text helper: one named `iso`, or an arrow whose body is `new Date(x).toISOString()`. */
export const OWN_DATE_HELPER = /\b(?:const|let|var|function)\s+iso\b|=>\s*new Date\(\w+\)\.toISOString\(\)/;

/** A mail subject written in place: a `subject` whose value holds a string or template literal. */
export const MAIL_SUBJECT = /\bsubject\s*:\s*[^,;}\n]*?['"`]/;

/** A job defined on the queue (`jobs.define(JOB_X, { handler })` of server/platform/jobs.ts). */
export const JOB_DEFINITION = /\.define\s*\(/;

/** The system's "now" read in place: `Date.now()`, or `new Date()` with no argument. */
export const OWN_NOW = /\bDate\.now\s*\(\s*\)|\bnew\s+Date\s*\(\s*\)/;

/** A failure type written by hand: `{ ok: false; ...` in a type (object values are separated by commas, not `;`). */
export const OWN_FAILURE = /\{\s*ok:\s*false\s*;/;

/** A view-model class. */
export const VIEW_MODEL = /\bclass\s+\w*ViewModel\b/;
/** Two view-model classes in one file. */
export const TWO_VIEW_MODELS = /\bclass\s+\w*ViewModel\b[\s\S]*\bclass\s+\w*ViewModel\b/;

export const RULES = {
  clientOutcomes: {
    files: /^(?!src\/application\/shared\/refusal\.ts$)src\/(?:application|infrastructure|ui)\/.*\.tsx?$/,
    pattern: OWN_FAILURE,
    why: 'a failure type of its own: answer Outcome<T> of src/application/shared/refusal.ts (a refusal of its own is a `code`)',
  },
  oneViewModelPerFile: {
    files: /^src\/ui\/.*\.view-model\.ts$/,
    pattern: TWO_VIEW_MODELS,
    why: 'two view-models in one file: give each its own `<name>.view-model.ts`',
  },
  viewModelsInTheirFile: {
    files: /^src\/ui\/(?!.*\.view-model\.ts$).*\.tsx?$/,
    pattern: VIEW_MODEL,
    why: 'a view-model outside a `*.view-model.ts` file: move it to `<name>.view-model.ts`, one per file',
  },
  screensThroughViewModels: {
    files: /^src\/ui\/(?!dashboard\/).*\.screen\.tsx$/,
    pattern: /\buseContainer\s*\(|\bcontainer\.get\b/,
    why: 'a screen takes a use case or a port from the container: give it to the view-model, and use `useViewModel`',
  },
  routesWithSql: {
    files: /^server\/.*\.routes\.ts$/,
    pattern: SQL,
    why: "a route file holds SQL: move it into the area's repository (route -> service -> repository)",
  },
  routesMappingRefusals: {
    files: /^server\/.*\.routes\.ts$/,
    pattern: OWN_REFUSAL_MAPPING,
    why: 'a route maps a refusal to HTTP itself: call answer(outcome) (or raise(refusal)) of server/platform/refusal.ts',
  },
  ownDateHelpers: {
    files: /^server\/.*\.ts$/,
    pattern: OWN_DATE_HELPER,
    why: 'a date/time helper of its own: use instantText / instantTextOrNull of src/domain/shared/date-time.ts',
  },
  mailThroughTemplates: {
    files: /^server\/(?!platform\/message-templates\.ts$).*\.ts$/,
    pattern: MAIL_SUBJECT,
    why: 'a mail subject written beside the code: add a template to server/platform/message-templates.ts and spread it',
  },
  jobsInJobFiles: {
    files: /^server\/(?!platform\/jobs\.ts$)(?!.*\.job\.ts$).*\.ts$/,
    pattern: JOB_DEFINITION,
    why: "a job defined outside a `*.job.ts` file: move the definition and its handler to the area's `<name>.job.ts`",
  },
  timeThroughClock: {
    files: /^server\/(?!platform\/clock\.ts$).*\.ts$/,
    pattern: OWN_NOW,
    why: 'reads the time itself: take a Clock (server/platform/clock.ts), or a stopwatch() for elapsed time',
  },
  servicesWithSql: {
    files: /^server\/.*\.service\.ts$/,
    pattern: SQL,
    why: "a service file holds SQL: move it into the area's repository",
  },
  servicesThrowingHttp: {
    files: /^server\/.*\.service\.ts$/,
    pattern: HTTP,
    why: 'a service throws an HTTP status: return a result or a domain refusal, and let the route map it to HTTP',
  },
};

function* sourceFiles(dir) {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name.startsWith('.')) continue;
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) yield* sourceFiles(full);
    else if ((name.endsWith('.ts') || name.endsWith('.tsx')) && !name.endsWith('.d.ts')) yield full;
  }
}

/** Comments may name what the rules forbid ("no SQL here"): only code counts. */
function code(text) {
  return text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
}

/**
 * Checks every server and web-app file under `root` against RULES and the baseline. Returns the problems (empty: the rules hold)
 * and, per rule, the files that break it (what the baseline would be today).
 */
export function checkShape(root, baseline) {
  const found = Object.fromEntries(Object.keys(RULES).map((rule) => [rule, []]));
  const dirs = ['server', 'src'].map((dir) => path.join(root, dir)).filter((dir) => existsSync(dir));
  for (const file of dirs.flatMap((dir) => [...sourceFiles(dir)])) {
    const rel = path.relative(root, file).split(path.sep).join('/');
    let text = null;
    for (const [rule, { files, pattern }] of Object.entries(RULES)) {
      if (!files.test(rel)) continue;
      text ??= code(readFileSync(file, 'utf8'));
      if (pattern.test(text)) found[rule].push(rel);
    }
  }
  const problems = [];
  for (const [rule, { why }] of Object.entries(RULES)) {
    const allowed = new Set(baseline[rule] ?? []);
    for (const rel of found[rule]) if (!allowed.has(rel)) problems.push(`${rel} — ${why}`);
    for (const rel of allowed) {
      if (!found[rule].includes(rel))
        problems.push(`${rel} — no longer breaks "${rule}": take it off scripts/lint/shape-baseline.json`);
    }
  }
  return { problems, found };
}

export function readBaseline(root) {
  return JSON.parse(readFileSync(path.join(root, 'scripts/lint/shape-baseline.json'), 'utf8'));
}
