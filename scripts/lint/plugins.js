// The lint toolchain, resolved from this package's own dependencies (its TypeScript 6 among them: see package.json).
export { default as tseslint } from 'typescript-eslint';
export { default as reactHooks } from 'eslint-plugin-react-hooks';
export { ESLint } from 'eslint';
