import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { finished } from 'node:stream/promises';

/** What the first bytes and a scan of the whole file tell about an upload, to judge its type without holding it. */
export interface FileSniff {
  size: number;
  /** The first (up to) 8 bytes. */
  head: Uint8Array;
  /** Whether any byte is 0 (no text file has one). */
  hasNul: boolean;
}

/**
 * An uploaded file written to a private temporary file as it arrives: a large upload is never held in memory
 * (collecting its chunks and joining them held it twice). It can be read as often as needed; `remove` deletes it.
 */
export class SpooledFile implements FileSniff {
  private constructor(
    readonly path: string,
    readonly size: number,
    readonly head: Uint8Array,
    readonly hasNul: boolean,
  ) {}

  /** Writes the pieces to a new temporary file (in a folder only this user can read); on failure nothing is left. */
  static async write(pieces: AsyncIterable<Uint8Array>): Promise<SpooledFile> {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'safeplace-upload-'));
    const file = path.join(dir, 'upload');
    const out = createWriteStream(file, { mode: 0o600 });
    let size = 0;
    let head = new Uint8Array(0);
    let hasNul = false;
    try {
      for await (const piece of pieces) {
        size += piece.length;
        if (head.length < 8) head = Uint8Array.from([...head, ...piece.subarray(0, 8 - head.length)]);
        if (!hasNul && piece.includes(0)) hasNul = true;
        if (!out.write(piece)) await once(out, 'drain');
      }
      out.end();
      await finished(out);
    } catch (error) {
      out.destroy();
      await rm(dir, { recursive: true, force: true });
      throw error;
    }
    return new SpooledFile(file, size, head, hasNul);
  }

  /** The file again, as a stream of pieces of about `pieceBytes`. */
  read(pieceBytes = 32 * 1024): AsyncIterable<Uint8Array> {
    return createReadStream(this.path, { highWaterMark: pieceBytes });
  }

  async remove(): Promise<void> {
    await rm(path.dirname(this.path), { recursive: true, force: true });
  }
}
