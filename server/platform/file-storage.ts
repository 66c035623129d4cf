import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Where uploaded files are kept. The default is a folder; an object store is a deployment choice. */
export interface FileStorage {
  /** Stores bytes under a workspace, with the name given (after a short random part, so no upload replaces another); returns the stored key. */
  put(workspaceId: string, name: string, bytes: Uint8Array): Promise<string>;
  /** The bytes stored under a key `put` returned. */
  get(key: string): Promise<Uint8Array>;
  /** The same bytes as a stream of pieces (of about `pieceBytes`), for reading a large file without holding it. */
  stream(key: string, pieceBytes?: number): AsyncIterable<Uint8Array>;
}

export class FolderFileStorage implements FileStorage {
  constructor(private readonly root: string) {}

  async put(workspaceId: string, name: string, bytes: Uint8Array): Promise<string> {
    const safe = name.replace(/[^A-Za-z0-9._-]/g, '_').slice(-180);
    const dir = path.join(this.root, workspaceId);
    await mkdir(dir, { recursive: true });
    const key = path.join(workspaceId, `${randomBytes(6).toString('hex')}-${safe}`);
    await writeFile(path.join(this.root, key), bytes);
    return key;
  }

  async get(key: string): Promise<Uint8Array> {
    return readFile(this.pathOf(key));
  }

  stream(key: string, pieceBytes = 256 * 1024): AsyncIterable<Uint8Array> {
    return createReadStream(this.pathOf(key), { highWaterMark: pieceBytes });
  }

  private pathOf(key: string): string {
    const full = path.resolve(this.root, key);
    if (!full.startsWith(path.resolve(this.root) + path.sep)) throw new Error(`Not a stored file key: ${key}`);
    return full;
  }
}
