// ESLint for `npm test` (the `lint` step, scripts/lint/lint.mjs). A small rule set on purpose: what the type
// checker cannot see. Type-aware (typescript-eslint's project service reads tsconfig.json) for no-floating-promises
// and for safeplace/no-port-writes.
import { reactHooks, tseslint } from './scripts/lint/plugins.js';
import { portWritesConfig } from './scripts/lint/port-writes.js';

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'dist-server/**',
      'data/**',
      'reports/**',
      'bench/out/**',
      'test-results/**',
      'playwright-report/**',
      'scripts/lint/node_modules/**',
      '**/*.js',
      '**/*.mjs',
      '**/*.cjs',
    ],
  },
  {
    files: ['**/*.ts', '**/*.tsx'],
    languageOptions: {
      parser: tseslint.parser,
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    // Off: a directive may name a rule of the wider sets we do not run (server/platform/message-templates.ts).
    linterOptions: { reportUnusedDisableDirectives: 'off' },
    plugins: { '@typescript-eslint': tseslint.plugin, 'react-hooks': reactHooks },
    rules: {
      // A promise nobody awaits loses its rejection: await it, or mark a deliberate fire-and-forget with `void`.
      '@typescript-eslint/no-floating-promises': 'error',
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  // The UI writes only through use cases: a port method without `@read` is a write (scripts/lint/port-writes.js).
  portWritesConfig,
);
