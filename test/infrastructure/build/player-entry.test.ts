import path from 'node:path';
import { build, type Rolldown } from 'vite';
import { describe, expect, it } from 'vitest';
import { entryFiles } from './entry-files';

const ROOT = path.resolve(import.meta.dirname, '../../..');
/** What the light player must not download: Ant Design (and its style engine), the router, Inversify, reflect-metadata. */
const FORBIDDEN =
  /[\\/]node_modules[\\/](antd|@ant-design|@rc-component|rc-[a-z-]+|react-router|inversify|@inversifyjs|reflect-metadata)[\\/]/;

/**
 * The course player's entry (player.html -> src/ui/player-main.tsx) is light on purpose (issue 30: at most 2x an empty
 * React app, `npm run bench bundle`): native controls instead of antd, a LightContainer instead of Inversify, no router.
 * Builds the project's own vite.config.ts and reads the modules of every file /training/{courseId} downloads.
 */
// A whole production build: seconds on an idle machine, more under CI's load.
describe('the course player entry', { timeout: 180_000 }, () => {
  it("loads the player's screen, view-model, blocks and adapter without antd, the router or Inversify, and lazily only other languages' words", async () => {
    const result = (await build({
      root: ROOT,
      configFile: path.join(ROOT, 'vite.config.ts'),
      logLevel: 'silent',
      build: { write: false },
    })) as Rolldown.RolldownOutput;
    const files = entryFiles(result, 'player.html');
    expect(files).toBeDefined();
    const modules = files!.flatMap((chunk) => Object.keys(chunk.modules));
    for (const own of [
      'src/ui/training/player.screen.tsx',
      'src/ui/training/player.view-model.ts',
      'src/ui/courses/blocks/served-block.tsx',
      'src/infrastructure/http/learning/http-training-api.ts',
    ]) {
      expect(
        modules.some((id) => id.endsWith(own)),
        own,
      ).toBe(true);
    }
    expect(modules.filter((id) => FORBIDDEN.test(id))).toEqual([]);
    // Nothing is left to load lazily once the player shows (what the bench measures is all it runs), but the words of
    // a language other than English: its own file, loaded before the first page by those who read it (docs/i18n.md).
    const lazy = files!
      .flatMap((chunk) => chunk.dynamicImports)
      .map((file) =>
        Object.keys(
          result.output.find((o) => o.fileName === file && o.type === 'chunk')?.type === 'chunk'
            ? (result.output.find((o) => o.fileName === file) as Rolldown.OutputChunk).modules
            : {},
        ),
      );
    expect(lazy.length).toBe(6);
    for (const modules of lazy)
      expect(
        modules.every((id) => /src[\\/]ui[\\/]i18n[\\/]locales[\\/]\w+\.ts$/.test(id)),
        modules.join(', '),
      ).toBe(true);
  }, 120_000);
});
