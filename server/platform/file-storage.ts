import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Where uploaded files are kept. The default is a folder; an object store is a deployment choice. */
export interface FileStorage {
  /**
   * Stores bytes (or a stream of pieces, written as they come) under a workspace, with the name given (after a short
   * random part, so no upload replaces another); returns the stored key.
   */
  put(workspaceId: string, name: string, bytes: Uint8Array | AsyncIterable<Uint8Array>): Promise<string>;
  /** The bytes stored under a key `put` returned for this workspace, or null when there are none. */
  get(workspaceId: string, key: string): Promise<Uint8Array | null>;
  /** The same bytes as a stream of pieces (of about `pieceBytes`), for reading a large file without holding it. */
  stream(workspaceId: string, key: string, pieceBytes?: number): AsyncIterable<Uint8Array>;
  /** Forgets a stored file (nothing happens when it is already gone). */
  remove(workspaceId: string, key: string): Promise<void>;
}

export class FolderFileStorage implements FileStorage {
  constructor(private readonly root: string) {}

  async put(workspaceId: string, name: string, bytes: Uint8Array | AsyncIterable<Uint8Array>): Promise<string> {
    const safe = name.replace(/[^A-Za-z0-9._-]/g, '_').slice(-180);
    const dir = path.join(this.root, workspaceId);
    await mkdir(dir, { recursive: true });
    const key = path.join(workspaceId, `${randomBytes(6).toString('hex')}-${safe}`);
    await writeFile(path.join(this.root, key), bytes);
    return key;
  }

  async get(workspaceId: string, key: string): Promise<Uint8Array | null> {
    const file = this.within(workspaceId, key);
    if (!file) return null;
    try {
      return new Uint8Array(await readFile(file));
    } catch (error) {
      if ((error as { code?: string }).code === 'ENOENT') return null;
      throw error;
    }
  }

  stream(workspaceId: string, key: string, pieceBytes = 32 * 1024): AsyncIterable<Uint8Array> {
    const file = this.within(workspaceId, key);
    if (!file) throw new Error(`Not a stored file of this workspace: ${key}`);
    return createReadStream(file, { highWaterMark: pieceBytes });
  }

  async remove(workspaceId: string, key: string): Promise<void> {
    const file = this.within(workspaceId, key);
    if (file) await rm(file, { force: true });
  }

  /** The file of a key, only inside that workspace's folder (a key of another workspace, or `..`, is nothing). */
  private within(workspaceId: string, key: string): string | null {
    const dir = path.resolve(this.root, workspaceId);
    const file = path.resolve(this.root, key);
    return file.startsWith(dir + path.sep) ? file : null;
  }
}
