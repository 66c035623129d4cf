// The dependency rules of DESIGN.md and docs/architecture.md, checked by dependency-cruiser on every import (type-only
// imports included) of src/ and server/ in `npm run lint` (scripts/lint/architecture.mjs). Each exemption names its
// files and why; add none without a reason a reviewer accepts.

/** The web app's frameworks: no server file uses them. */
const FRAMEWORKS = '^(react|react-dom|mobx|mobx-react-lite|ky|inversify|antd|@ant-design/icons|react-router|msw)$';
/** The three APIs: each deployable alone, so none imports another's folder. */
const APIS = '^server/(main|learning|case)/';
/** Client composition: the files that alone know concrete adapters (the composition root and its light entries). */
const UI_COMPOSITION = [
  '^src/ui/app/',
  '^src/ui/[^/]+\\.tsx?$',
  '\\.(wiring|bindings)\\.ts$',
  '^src/ui/shared/container-context\\.tsx$',
];
/** Client areas every area may use: the shared components, the app shell, the session, the app's words (i18n). */
const UI_SHARED = ['^src/ui/shared/', '^src/ui/shell/', '^src/ui/i18n/'];

module.exports = {
  forbidden: [
    {
      name: 'domain-only-domain',
      comment: 'src/domain is plain types and pure functions: it imports only src/domain and zod.',
      severity: 'error',
      from: {
        path: '^src/domain/',
        // The course blocks' shape is the wire contract's (one definition, validated on both sides).
        pathNot: ['^src/domain/courses/(blocks|progress)\\.ts$'],
      },
      to: { pathNot: ['^src/domain/', '^node_modules/zod/'] },
    },
    {
      name: 'contracts-only-domain',
      comment: 'src/contracts (the wire) imports only src/contracts, src/domain and zod.',
      severity: 'error',
      from: { path: '^src/contracts/' },
      to: { pathNot: ['^src/contracts/', '^src/domain/', '^node_modules/zod/'] },
    },
    {
      name: 'application-framework-free',
      comment:
        'Use cases and ports import only src/application, src/domain, src/contracts and zod: no framework, no I/O.',
      severity: 'error',
      from: { path: '^src/application/' },
      to: { pathNot: ['^src/application/', '^src/domain/', '^src/contracts/', '^node_modules/zod/'] },
    },
    {
      name: 'infrastructure-not-ui',
      comment: 'Adapters implement the application ports; they never import a screen or a view-model.',
      severity: 'error',
      from: { path: '^src/infrastructure/' },
      to: { path: ['^src/ui/', '^server/'] },
    },
    {
      name: 'view-model-no-adapter',
      comment: 'A view-model talks to use cases and ports, never to an adapter of src/infrastructure.',
      severity: 'error',
      from: { path: '\\.view-models?\\.ts$' },
      to: { path: '^src/infrastructure/' },
    },
    {
      name: 'ui-no-adapter',
      comment: 'Screens and view-models reach adapters only through the composition files (wiring, bindings, app/).',
      severity: 'error',
      from: { path: '^src/ui/', pathNot: UI_COMPOSITION },
      to: { path: '^src/infrastructure/' },
    },
    {
      name: 'ui-own-area',
      comment:
        'A UI area imports its own folder, the shared components and the shell; app/ and dashboard/ compose areas.',
      severity: 'error',
      from: {
        path: '^src/ui/([^/]+)/',
        pathNot: ['^src/ui/(app|dashboard)/', ...UI_COMPOSITION.slice(1)],
      },
      to: {
        path: '^src/ui/[^/]+/',
        pathNot: [
          '^src/ui/$1/',
          ...UI_SHARED,
          // The player renders the blocks the course builder authors (one renderer for preview and learning).
          '^src/ui/courses/blocks/',
          // The platform admin's menu lists the platform tools' pages; the manual editor previews the reader's view.
          '^src/ui/platform-tools/platform-tools\\.routes\\.tsx$',
          '^src/ui/manual/manual-view\\.tsx$',
        ],
      },
    },
    {
      name: 'client-not-server',
      comment: 'The web app never imports server code.',
      severity: 'error',
      from: { path: '^src/' },
      to: { path: '^server/' },
    },
    {
      name: 'server-no-client-layers',
      comment: 'The server shares only src/domain and src/contracts with the web app.',
      severity: 'error',
      from: { path: '^server/' },
      to: { path: '^src/(ui|application|infrastructure)/' },
    },
    {
      name: 'server-no-frameworks',
      comment: "The server may not use the web app's frameworks.",
      severity: 'error',
      from: { path: '^server/' },
      to: { path: `^node_modules/${FRAMEWORKS.slice(1, -1)}/` },
    },
    {
      name: 'api-not-another-api',
      comment:
        "No API folder imports another's (server/main, server/learning, server/case deploy apart); shared readers live in server/platform.",
      severity: 'error',
      from: { path: '^server/(main|learning|case)/' },
      to: { path: APIS, pathNot: '^server/$1/' },
    },
    {
      name: 'platform-not-api',
      comment:
        'server/platform serves every API and imports none; only the composition root (server/app.ts) wires them.',
      severity: 'error',
      from: { path: '^server/platform/' },
      to: { path: APIS },
    },
    {
      name: 'no-circular',
      comment: 'No import cycle at run time (a type-only import is erased, so a cycle through one is harmless).',
      severity: 'error',
      from: {},
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
    {
      name: 'not-to-unresolvable',
      comment: 'An import that resolves to nothing.',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '\\.d\\.ts$' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
    },
    cache: false,
  },
};
