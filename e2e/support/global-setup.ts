import { rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/** Each run starts on a fresh database: the server seeds the demo data on first start. */
export default async function globalSetup(): Promise<void> {
  const port = Number(process.env.E2E_PORT ?? 8181);
  await rm(path.join(os.tmpdir(), `safeplace-e2e-${port}`), { recursive: true, force: true });
}
