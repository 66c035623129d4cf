/**
 * What a file is, read from its own first bytes (never from its name or the type the browser declared), and which
 * kinds each use accepts. Uploads are untrusted: an SVG or an HTML page can carry script that runs on our origin, so
 * they are refused everywhere but as complaint evidence, which is only ever served as a download.
 */

export type DetectedType =
  | 'video/mp4'
  | 'video/webm'
  | 'video/quicktime'
  | 'audio/mpeg'
  | 'audio/ogg'
  | 'audio/wav'
  | 'audio/mp4'
  | 'image/png'
  | 'image/jpeg'
  | 'image/gif'
  | 'image/webp'
  | 'application/pdf'
  | 'text/vtt'
  | 'application/zip' // docx, xlsx, pptx and other Office Open XML files are zip archives: see officeType()
  | 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'
  | 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
  | 'application/vnd.openxmlformats-officedocument.presentationml.presentation'
  | 'application/x-cfb' // doc, xls, ppt (the older Office format)
  | 'text/plain'
  | 'image/svg+xml'
  | 'text/html';

/** The uses of an upload, each with its allow-list. */
export type FilePurpose = 'VIDEO' | 'IMAGE' | 'PDF' | 'CAPTIONS' | 'DOCUMENT' | 'EVIDENCE';

export const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
export const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const PPTX = 'application/vnd.openxmlformats-officedocument.presentationml.presentation';

/**
 * What a browser plays or shows: MP4 and WebM (QuickTime does not play in Chromium), the four web image formats, PDF,
 * WebVTT, and Office Open XML documents told apart by their parts (a bare zip, or an old binary Office file that
 * may carry macros, is not a document here).
 */
export const ALLOWED: Record<Exclude<FilePurpose, 'EVIDENCE'>, readonly DetectedType[]> = {
  VIDEO: ['video/mp4', 'video/webm'],
  IMAGE: ['image/png', 'image/jpeg', 'image/gif', 'image/webp'],
  PDF: ['application/pdf'],
  CAPTIONS: ['text/vtt'],
  DOCUMENT: ['application/pdf', DOCX, XLSX, PPTX],
};

/** Types that run script in a browser: never accepted where the file is shown in the page. */
export const ACTIVE_CONTENT: readonly DetectedType[] = ['image/svg+xml', 'text/html'];

const STILL_IMAGE_BRANDS = ['heic', 'heix', 'heim', 'heis', 'hevc', 'mif1', 'msf1', 'avif', 'avis'];

/** How many leading bytes `detectType` needs. */
export const SNIFF_BYTES = 512;

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((b, i) => bytes[offset + i] === b);
const ascii = (bytes: Uint8Array, from: number, to: number) =>
  String.fromCharCode(...bytes.subarray(from, Math.min(to, bytes.length)));

/** The head as text when it is UTF-8 text (no NUL, no control bytes but tab, line breaks and form feed); else null. */
function asText(head: Uint8Array): string | null {
  if (head.includes(0)) return null;
  // The head may end inside a multi-byte character: leave that character out of the check.
  let end = head.length;
  for (let back = 1; back <= 3 && head.length - back >= 0; back++) {
    const byte = head[head.length - back];
    if ((byte & 0xc0) === 0x80) continue; // a continuation byte: look further back for its lead byte
    const needs = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : byte >= 0xc0 ? 2 : 1;
    if (needs > back) end = head.length - back;
    break;
  }
  const checked = head.subarray(0, end);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(checked);
  } catch {
    return null;
  }
  return /[\u0001-\u0008\u000b\u000e-\u001f\u007f]/.test(text) ? null : text;
}

/** The type of a file from its first bytes (at least SNIFF_BYTES of them when the file is that long), or null. */
export function detectType(head: Uint8Array): DetectedType | null {
  if (startsWith(head, [0x25, 0x50, 0x44, 0x46, 0x2d])) return 'application/pdf'; // %PDF-
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (ascii(head, 0, 6) === 'GIF87a' || ascii(head, 0, 6) === 'GIF89a') return 'image/gif';
  if (ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 12) === 'WEBP') return 'image/webp';
  if (ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 12) === 'WAVE') return 'audio/wav';
  if (startsWith(head, [0x1a, 0x45, 0xdf, 0xa3])) return 'video/webm'; // EBML (WebM, Matroska)
  if (ascii(head, 4, 8) === 'ftyp') {
    const brand = ascii(head, 8, 12);
    if (brand === 'qt  ') return 'video/quicktime';
    if (brand === 'M4A ' || brand === 'M4B ') return 'audio/mp4';
    // HEIF and AVIF still images share the ISO box format: not a video.
    if (STILL_IMAGE_BRANDS.includes(brand)) return null;
    return 'video/mp4';
  }
  if (ascii(head, 0, 4) === 'OggS') return 'audio/ogg';
  if (ascii(head, 0, 3) === 'ID3' || startsWith(head, [0xff, 0xfb]) || startsWith(head, [0xff, 0xf3]))
    return 'audio/mpeg';
  if (startsWith(head, [0x50, 0x4b, 0x03, 0x04])) return 'application/zip';
  if (startsWith(head, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return 'application/x-cfb';
  const text = asText(head);
  if (text === null) return null;
  const body = text.replace(/^\uFEFF/, '');
  if (/^WEBVTT(?:[ \t]|\r?\n|$)/.test(body)) return 'text/vtt';
  const start = body.trimStart().slice(0, 256).toLowerCase();
  if (/<svg[\s>]/.test(start) || (start.startsWith('<?xml') && body.toLowerCase().includes('<svg')))
    return 'image/svg+xml';
  if (
    /^<(!doctype html|html|head|body|script|iframe|meta|a |div|p>|title)/.test(start) ||
    /<script[\s>]/.test(body.toLowerCase())
  )
    return 'text/html';
  return 'text/plain';
}

export type TypeCheck = { ok: true; type: DetectedType | null } | { ok: false; status: 415; message: string };

/**
 * Whether a file of the detected type may be used for a purpose. Evidence accepts any file (voice notes, saved
 * messages, screenshots, files we cannot name), since it is only ever downloaded, never shown in the page.
 */
export function checkType(purpose: FilePurpose, type: DetectedType | null): TypeCheck {
  if (purpose === 'EVIDENCE') return { ok: true, type };
  if (type && ACTIVE_CONTENT.includes(type)) {
    return {
      ok: false,
      status: 415,
      message: 'SVG and HTML files are not accepted: they can carry script. Use PNG, JPEG or PDF.',
    };
  }
  if (type && ALLOWED[purpose].includes(type)) return { ok: true, type };
  return {
    ok: false,
    status: 415,
    message: `This file is not ${PURPOSE_WORDS[purpose]}. Accepted: ${ALLOWED[purpose].map(label).join(', ')}.`,
  };
}

const PURPOSE_WORDS: Record<Exclude<FilePurpose, 'EVIDENCE'>, string> = {
  VIDEO: 'a video',
  IMAGE: 'an image',
  PDF: 'a PDF',
  CAPTIONS: 'a WebVTT captions file',
  DOCUMENT: 'a document',
};

function label(type: DetectedType): string {
  const labels: Partial<Record<DetectedType, string>> = {
    'video/mp4': 'MP4',
    'video/webm': 'WebM',
    'video/quicktime': 'QuickTime',
    'image/png': 'PNG',
    'image/jpeg': 'JPEG',
    'image/gif': 'GIF',
    'image/webp': 'WebP',
    'application/pdf': 'PDF',
    'text/vtt': 'WebVTT',
    'application/zip': 'zip archive',
    [DOCX]: 'Word (.docx)',
    [XLSX]: 'Excel (.xlsx)',
    [PPTX]: 'PowerPoint (.pptx)',
    'application/x-cfb': 'older Word, Excel or PowerPoint (.doc, .xls, .ppt)',
    'text/plain': 'plain text',
  };
  return labels[type] ?? type;
}

/** How many trailing bytes hold a zip's end record wherever it is (22 bytes and a comment of at most 65,535). */
export const ZIP_TAIL_BYTES = 22 + 0xffff;

const u16 = (b: Uint8Array, at: number) => b[at] | (b[at + 1] << 8);
const u32 = (b: Uint8Array, at: number) => (b[at] | (b[at + 1] << 8) | (b[at + 2] << 16)) + b[at + 3] * 0x1000000;

/**
 * Where a zip keeps its directory, read from the file's last bytes (`tail`, the last ZIP_TAIL_BYTES or the whole
 * file): `{ offset, size }` in the file, or null when this is no (single-part, non-zip64) zip.
 */
export function zipDirectory(tail: Uint8Array, fileSize: number): { offset: number; size: number } | null {
  for (let at = tail.length - 22; at >= 0; at--) {
    if (u32(tail, at) !== 0x06054b50) continue;
    const size = u32(tail, at + 12);
    const offset = u32(tail, at + 16);
    const endAt = fileSize - tail.length + at;
    if (offset + size !== endAt) continue; // a comment that happens to hold the signature, or a zip64 archive
    return { offset, size };
  }
  return null;
}

/** The names of a zip's parts, from its central directory. */
export function zipEntryNames(directory: Uint8Array): string[] {
  const names: string[] = [];
  const decoder = new TextDecoder();
  let at = 0;
  while (at + 46 <= directory.length && u32(directory, at) === 0x02014b50) {
    const nameLength = u16(directory, at + 28);
    const extra = u16(directory, at + 30);
    const comment = u16(directory, at + 32);
    names.push(decoder.decode(directory.subarray(at + 46, at + 46 + nameLength)));
    at += 46 + nameLength + extra + comment;
  }
  return names;
}

/**
 * Which Office Open XML document a zip is, from its parts: a `[Content_Types].xml` and the main part of Word, Excel
 * or PowerPoint. A macro-enabled file (a `vbaProject.bin` part) is not a document here, nor is any other zip.
 */
export function officeType(entryNames: readonly string[]): DetectedType | null {
  const names = new Set(entryNames);
  if (!names.has('[Content_Types].xml')) return null;
  if (entryNames.some((name) => name.endsWith('vbaProject.bin'))) return null;
  if (names.has('word/document.xml')) return DOCX;
  if (names.has('xl/workbook.xml')) return XLSX;
  if (names.has('ppt/presentation.xml')) return PPTX;
  return null;
}
