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
  {
    // Headings in order (docs/architecture.md "Headings and labels"): antd parts that draw a heading of a level the
    // screen did not choose. The journeys' axe check (`heading-order`) finds them only on the screens a journey opens.
    files: ['src/ui/**/*.tsx'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "JSXMemberExpression[object.object.name='List'][object.property.name='Item'][property.name='Meta']",
          message: "antd's List.Item.Meta draws its title as an h4, out of order under a page's h1: use ListItemText.",
        },
        {
          selector:
            "JSXOpeningElement[name.name='Skeleton']:not(:has(JSXAttribute[name.name='title'] > JSXExpressionContainer > Literal[value=false]))",
          message:
            "antd's Skeleton draws its title bar as an empty h3: use Placeholder (hidden from screen readers) or title={false}.",
        },
        {
          selector:
            "JSXOpeningElement[name.object.name='Typography'][name.property.name='Title']:not(:has(JSXAttribute[name.name='level']))",
          message:
            'Give every Typography.Title its level: the page title is the one h1, its sections h2, their parts h3.',
        },
      ],
    },
  },
  // The UI writes only through use cases: a port method without `@read` is a write (scripts/lint/port-writes.js).
  portWritesConfig,
);
