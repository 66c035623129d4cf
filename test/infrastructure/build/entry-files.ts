import type { Rolldown } from 'vite';

/**
 * What a browser downloads for one HTML entry of a build before anything lazy: its entry chunk and every chunk it
 * imports statically, transitively. Undefined when the build has no entry for that page.
 */
export function entryFiles(result: Rolldown.RolldownOutput, html: string): Rolldown.OutputChunk[] | undefined {
  const chunks = new Map(
    result.output.filter((o): o is Rolldown.OutputChunk => o.type === 'chunk').map((c) => [c.fileName, c]),
  );
  const entry = [...chunks.values()].find((c) => c.isEntry && c.facadeModuleId?.endsWith(html));
  if (!entry) return undefined;
  const loaded = new Map<string, Rolldown.OutputChunk>();
  const stack = [entry];
  while (stack.length) {
    const chunk = stack.pop()!;
    if (loaded.has(chunk.fileName)) continue;
    loaded.set(chunk.fileName, chunk);
    stack.push(...chunk.imports.map((file) => chunks.get(file)!));
  }
  return [...loaded.values()];
}
