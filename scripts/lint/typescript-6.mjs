// Loaded with `node --import` before dependency-cruiser: it parses TypeScript with TypeScript's JavaScript API, which
// the project's TypeScript 7 (native) no longer ships. Its `typescript` resolves to this package's TypeScript 6, as
// typescript-eslint's does (see package.json); nothing else is redirected.
import { createRequire, registerHooks } from 'node:module';
import { pathToFileURL } from 'node:url';

const fromHere = createRequire(import.meta.url);

registerHooks({
  resolve(specifier, context, nextResolve) {
    const fromCruiser = context.parentURL?.includes('/node_modules/dependency-cruiser/') ?? false;
    if (!fromCruiser || !/^typescript(\/|$)/.test(specifier)) return nextResolve(specifier, context);
    return { url: pathToFileURL(fromHere.resolve(specifier)).href, shortCircuit: true };
  },
});
