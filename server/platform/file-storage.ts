import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Where uploaded files are kept. The default is a folder; an object store is a deployment choice. */
export interface FileStorage {
  /** Stores bytes under a workspace, with the name given; returns the stored key. */
  put(workspaceId: string, name: string, bytes: Uint8Array): Promise<string>;
}

export class FolderFileStorage implements FileStorage {
  constructor(private readonly root: string) {}

  async put(workspaceId: string, name: string, bytes: Uint8Array): Promise<string> {
    const safe = name.replace(/[^A-Za-z0-9._-]/g, '_').slice(-180);
    const dir = path.join(this.root, workspaceId);
    await mkdir(dir, { recursive: true });
    const key = path.join(workspaceId, safe);
    await writeFile(path.join(this.root, key), bytes);
    return key;
  }
}
