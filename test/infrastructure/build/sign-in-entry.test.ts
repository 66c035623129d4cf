import path from 'node:path';
import { build, type Plugin, type Rolldown } from 'vite';
import { describe, expect, it } from 'vitest';
import { entryFiles } from './entry-files';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const SIGN_IN_ENTRY = path.join(ROOT, 'src/ui/auth-main.tsx');
const FORBIDDEN = /[\\/]node_modules[\\/](inversify|@inversifyjs|reflect-metadata)[\\/]/;

/**
 * The sign-in pages' entry (signin.html -> src/ui/auth-main.tsx) is light on purpose (issue 10: at most 2x an empty
 * React app): it wires its view-models with the LightContainer, never Inversify and reflect-metadata. Builds the
 * project's own vite.config.ts and reads both the entry's module graph and the chunks /signin actually downloads.
 */
// A whole production build: seconds on an idle machine, more under CI's load (the unit project's 5 s default is too short).
describe('the sign-in entry', { timeout: 180_000 }, () => {
  it('keeps Inversify and reflect-metadata out of its module graph and of every file /signin loads', async () => {
    let graph: string[] = [];
    const probe: Plugin = {
      name: 'sign-in-graph',
      buildEnd() {
        const seen = new Set<string>();
        const stack = [SIGN_IN_ENTRY];
        while (stack.length) {
          const id = stack.pop()!;
          if (seen.has(id)) continue;
          seen.add(id);
          stack.push(...(this.getModuleInfo(id)?.importedIds ?? []));
        }
        graph = [...seen];
      },
    };
    const result = (await build({
      root: ROOT,
      configFile: path.join(ROOT, 'vite.config.ts'),
      logLevel: 'silent',
      plugins: [probe],
      build: { write: false },
    })) as Rolldown.RolldownOutput;

    // The graph was read (the sign-in view-models are in it), and holds neither library.
    expect(graph.some((id) => id.endsWith('src/ui/auth/sign-in.view-model.ts'))).toBe(true);
    expect(graph.filter((id) => FORBIDDEN.test(id))).toEqual([]);

    // What the browser loads for /signin: the entry chunk and its static imports. A chunk group could still pull
    // a library into a shared file, so read the modules of each file too.
    const files = entryFiles(result, 'signin.html');
    expect(files).toBeDefined();
    const modules = files!.flatMap((chunk) => Object.keys(chunk.modules));
    expect(modules.some((id) => id.endsWith('src/ui/auth/sign-in.screen.tsx'))).toBe(true);
    expect(modules.filter((id) => FORBIDDEN.test(id))).toEqual([]);
    expect(files!.length).toBeLessThanOrEqual(6);
  }, 120_000);
});
