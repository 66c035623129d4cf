import type { DetectedType } from './file-types';

/**
 * An image's dimensions read from its own header, or null when the header is not whole or not valid: a file whose
 * first bytes say "JPEG" but that has no frame header is not an image (docs/files.md "Evidence checked for what it
 * claims"). Reads a prefix of the file only (see IMAGE_HEADER_BYTES): PNG's IHDR, JPEG's first SOF marker (walking
 * the segments before it), GIF's logical screen, WebP's VP8 / VP8L / VP8X chunk. A hand parser of a few formats rather
 * than a library: it works on a decrypted prefix of a sealed file, needs no file handle, and has no dependency.
 */
export interface ImageSize {
  width: number;
  height: number;
}

/** The prefix a header is looked for in: a JPEG's SOF follows its EXIF segment (at most 64 KiB each), often several. */
export const IMAGE_HEADER_BYTES = 512 * 1024;

export const IMAGE_TYPES: readonly DetectedType[] = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];

export function imageSize(type: DetectedType, bytes: Uint8Array): ImageSize | null {
  const b = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const valid = (s: ImageSize | null) => (s && s.width > 0 && s.height > 0 ? s : null);
  switch (type) {
    case 'image/png':
      return valid(png(b));
    case 'image/jpeg':
      return valid(jpeg(b));
    case 'image/gif':
      return valid(gif(b));
    case 'image/webp':
      return valid(webp(b));
    default:
      return null;
  }
}

function png(b: Buffer): ImageSize | null {
  // Signature (8), then the first chunk must be IHDR: length 13, type, width, height.
  if (b.length < 24 + 9 || b.readUInt32BE(8) !== 13 || b.toString('latin1', 12, 16) !== 'IHDR') return null;
  return { width: b.readUInt32BE(16), height: b.readUInt32BE(20) };
}

function jpeg(b: Buffer): ImageSize | null {
  if (b.length < 4 || b[0] !== 0xff || b[1] !== 0xd8) return null;
  let at = 2;
  while (at + 4 <= b.length) {
    if (b[at] !== 0xff) return null;
    const marker = b[at + 1];
    if (marker === 0xff) {
      at++; // fill byte
      continue;
    }
    // Markers without a length.
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2;
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return null; // end of image or scan before any frame header
    const length = b.readUInt16BE(at + 2);
    if (length < 2) return null;
    // SOF0..SOF15, except DHT (C4), JPG (C8) and DAC (CC).
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      if (at + 9 > b.length) return null;
      return { height: b.readUInt16BE(at + 5), width: b.readUInt16BE(at + 7) };
    }
    at += 2 + length;
  }
  return null;
}

function gif(b: Buffer): ImageSize | null {
  const magic = b.toString('latin1', 0, 6);
  if (b.length < 13 || (magic !== 'GIF87a' && magic !== 'GIF89a')) return null;
  return { width: b.readUInt16LE(6), height: b.readUInt16LE(8) };
}

function webp(b: Buffer): ImageSize | null {
  if (b.length < 30 || b.toString('latin1', 0, 4) !== 'RIFF' || b.toString('latin1', 8, 12) !== 'WEBP') return null;
  const chunk = b.toString('latin1', 12, 16);
  if (chunk === 'VP8 ') {
    // Frame tag (3), start code 9d 01 2a, then 14-bit width and height.
    if (b[23] !== 0x9d || b[24] !== 0x01 || b[25] !== 0x2a) return null;
    return { width: b.readUInt16LE(26) & 0x3fff, height: b.readUInt16LE(28) & 0x3fff };
  }
  if (chunk === 'VP8L') {
    if (b[20] !== 0x2f) return null;
    const bits = b.readUInt32LE(21);
    return { width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 };
  }
  if (chunk === 'VP8X') {
    return { width: 1 + b.readUIntLE(24, 3), height: 1 + b.readUIntLE(27, 3) };
  }
  return null;
}
