/**
 * The emails seen earlier in an import file (the duplicate-in-file check), held outside the JavaScript heap: their
 * UTF-8 bytes appended to pieces of 1 MB, and an open-addressing table of entry numbers. A file's 100,000 emails take
 * about 5 MB here, none of it on the heap, where a Set of strings took about 10 MB of it: a string each (a copy, so as
 * not to keep the decoded text it was cut from alive) and the Set's table, remade at every doubling; each of those
 * strings was copied by young-generation collections and promoted (docs/imports.md "Memory"). Exact: the hash only
 * chooses the slot, a match compares the bytes.
 */
export class EmailSet {
  private readonly pieces: Buffer[] = [Buffer.allocUnsafeSlow(PIECE_BYTES)];
  /** Bytes used in the last piece. */
  private used = 0;
  /** Per entry: where its bytes start (piece number * PIECE_BYTES + offset; 4,096 pieces at most) and how many there are. */
  private starts = new Uint32Array(1024);
  private lengths = new Uint16Array(1024);
  /** Per entry: its hash, so that a probe compares bytes only when the hashes agree. */
  private hashes = new Uint32Array(1024);
  /** Open addressing, linear probing: entry number + 1, or 0 for an empty slot. Kept at most half full. */
  private slots = new Uint32Array(2048);
  private count = 0;
  /** Cells far longer than any email (not valid ones, but still checked for repeats) are kept as strings. */
  private readonly long = new Set<string>();

  get size(): number {
    return this.count + this.long.size;
  }

  /** Adds the email; false when it was there already (the same bytes). */
  add(email: string): boolean {
    // Room for the longest UTF-8 form (3 bytes per UTF-16 unit), so the bytes can be written before they are counted.
    if (email.length * 3 > LONGEST_KEPT) {
      if (this.long.has(email)) return false;
      this.long.add(email);
      return true;
    }
    if (this.used + email.length * 3 > PIECE_BYTES) {
      this.pieces.push(Buffer.allocUnsafeSlow(PIECE_BYTES));
      this.used = 0;
    }
    const piece = this.pieces[this.pieces.length - 1]!;
    // Written where it would be kept; compared there; kept only if new.
    const at = this.used;
    const length = writeAscii(email, piece, at) ? email.length : piece.write(email, at, 'utf8');
    const mask = this.slots.length - 1;
    const h = hash(piece, at, length);
    for (let slot = h & mask; ; slot = (slot + 1) & mask) {
      const entry = this.slots[slot]!;
      if (entry === 0) {
        this.keep(slot, at, length, h);
        return true;
      }
      if (this.same(entry - 1, h, piece, at, length)) return false;
    }
  }

  has(email: string): boolean {
    if (email.length * 3 > LONGEST_KEPT) return this.long.has(email);
    const bytes = Buffer.from(email, 'utf8');
    const mask = this.slots.length - 1;
    const h = hash(bytes, 0, bytes.length);
    for (let slot = h & mask; ; slot = (slot + 1) & mask) {
      const entry = this.slots[slot]!;
      if (entry === 0) return false;
      if (this.same(entry - 1, h, bytes, 0, bytes.length)) return true;
    }
  }

  private same(entry: number, h: number, bytes: Buffer, at: number, length: number): boolean {
    if (this.hashes[entry] !== h || this.lengths[entry] !== length) return false;
    const start = this.starts[entry]!;
    const piece = this.pieces[Math.floor(start / PIECE_BYTES)]!;
    const offset = start % PIECE_BYTES;
    return piece.compare(bytes, at, at + length, offset, offset + length) === 0;
  }

  private keep(slot: number, at: number, length: number, h: number): void {
    const entry = this.count;
    if (entry === this.starts.length) {
      this.starts = grown(this.starts, new Uint32Array(entry * 2));
      this.lengths = grown(this.lengths, new Uint16Array(entry * 2));
      this.hashes = grown(this.hashes, new Uint32Array(entry * 2));
    }
    this.starts[entry] = (this.pieces.length - 1) * PIECE_BYTES + at;
    this.lengths[entry] = length;
    this.hashes[entry] = h;
    this.slots[slot] = entry + 1;
    this.count += 1;
    this.used += length;
    if (this.count * 2 > this.slots.length) this.rehash();
  }

  private rehash(): void {
    const slots = new Uint32Array(this.slots.length * 2);
    const mask = slots.length - 1;
    for (let entry = 0; entry < this.count; entry++) {
      let slot = this.hashes[entry]! & mask;
      while (slots[slot] !== 0) slot = (slot + 1) & mask;
      slots[slot] = entry + 1;
    }
    this.slots = slots;
  }
}

const PIECE_BYTES = 1024 * 1024;
/** Far above any email (254 characters), and within what a Uint16Array holds. */
const LONGEST_KEPT = 4096;

/** Writes an all-ASCII text as its bytes (an email nearly always is) without a call into the runtime; false otherwise. */
function writeAscii(text: string, into: Buffer, at: number): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code > 127) return false;
    into[at + i] = code;
  }
  return true;
}

function grown<T extends Uint16Array | Uint32Array>(from: T, to: T): T {
  to.set(from);
  return to;
}

/** FNV-1a over the bytes, then a final mix so that the low bits (the slot) depend on every byte. */
function hash(bytes: Uint8Array, at: number, length: number): number {
  let h = 0x811c9dc5;
  for (let i = at; i < at + length; i++) h = Math.imul(h ^ bytes[i]!, 0x01000193);
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  return h >>> 0;
}
