import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const CONTRACTS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src/contracts');

/**
 * Every module of src/contracts with its path there (`main/auth.contract.ts`), in path order: read from the sources
 * at run time. The server bundle (scripts/build-server.mjs) replaces this module by static imports of the same files.
 */
export async function loadContractModules(): Promise<[file: string, module: Record<string, unknown>][]> {
  const files = (await readdir(CONTRACTS_DIR, { recursive: true }))
    .map((file) => file.split(path.sep).join('/'))
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.d.ts') && !file.endsWith('.test.ts'))
    .sort();
  const modules: [string, Record<string, unknown>][] = [];
  for (const file of files) {
    modules.push([file, (await import(pathToFileURL(path.join(CONTRACTS_DIR, file)).href)) as Record<string, unknown>]);
  }
  return modules;
}
