import { Readable } from 'node:stream';
import zlib from 'node:zlib';
import { SaxesParser } from 'saxes';
import { stopwatch } from '../clock';

/**
 * Our own reader of an XLSX workbook's first worksheet, for imports. Files are untrusted, so everything is bounded
 * while it is read: the bytes each zip entry inflates to, and all of them together (a zip bomb of 400 KB can inflate to
 * gigabytes), the number of cells and shared strings, and the text the shared strings hold. The work is done in
 * steps of one inflated piece (64 KB) that yield to the event loop, so other requests are served while a large
 * workbook is read.
 *
 * It replaces exceljs' streaming `WorkbookReader`, which lost entries when the server was busy: unzipper's `Parse`
 * emits `end` by hand as soon as its input has been written, while entries it had already pushed still waited in
 * its (paused) readable buffer; exceljs stopped at that `end`, never saw `xl/workbook.xml` (written last by exceljs),
 * and a valid workbook was refused as damaged. This reader finds the entries through the zip's central directory,
 * so neither the order of the entries nor the timing of streams matters.
 */

export interface XlsxLimits {
  /** The compressed file (it is held while read; uploads are already bounded lower). */
  maxFileBytes: number;
  /** Bytes one entry may inflate to. */
  maxEntryBytes: number;
  /** Bytes all entries read may inflate to together. */
  maxTotalBytes: number;
  /** Cells of the worksheet, and shared strings. */
  maxCells: number;
  /** Characters of all shared strings together (they are held while the sheet is read). */
  maxSharedStringChars: number;
  /** Columns kept per row (the import reads at most 200; further cells are ignored). */
  maxColumns: number;
}

export const XLSX_LIMITS: XlsxLimits = {
  maxFileBytes: 64 * 1024 * 1024,
  maxEntryBytes: 256 * 1024 * 1024,
  maxTotalBytes: 384 * 1024 * 1024,
  maxCells: 3_000_000,
  maxSharedStringChars: 32 * 1024 * 1024,
  maxColumns: 200,
};

/** The workbook is larger, once unpacked, than the limits allow (answered 413). */
export class WorkbookTooLarge extends Error {}

/** The workbook cannot be read (answered 400 with the last row read). */
export class WorkbookDamaged extends Error {}

export interface XlsxRow {
  row: number;
  cells: string[];
}

interface ZipEntry {
  name: string;
  method: number;
  flags: number;
  compressedSize: number;
  uncompressedSize: number;
  offset: number;
}

const PIECE = 64 * 1024;
/** The longest a step may run before the reader lets other work run. */
const STEP_MS = 15;

/** Reads the first worksheet's rows, in batches (one batch per inflated piece of the sheet). */
export async function* readXlsxRows(
  source: Uint8Array | AsyncIterable<Uint8Array>,
  limits: XlsxLimits = XLSX_LIMITS,
): AsyncGenerator<XlsxRow[]> {
  const zip = await collect(source, limits.maxFileBytes);
  const entries = centralDirectory(zip);
  const budget = { total: 0, elapsed: stopwatch() };
  const read = (entry: ZipEntry) => entryText(zip, entry, limits, budget);

  const workbookRels = entries.get('xl/_rels/workbook.xml.rels');
  const rels = workbookRels ? await relationships(read(workbookRels)) : [];
  const workbookEntry = entries.get('xl/workbook.xml');
  if (!workbookEntry) throw new WorkbookDamaged('no xl/workbook.xml');
  const workbook = await workbookInfo(read(workbookEntry));

  const target = (type: string, fallback: string) => rels.find((r) => r.type.endsWith(`/${type}`))?.target ?? fallback;
  const stylesEntry = entries.get(target('styles', 'xl/styles.xml'));
  const dateStyles = stylesEntry ? await dateStyleIndexes(read(stylesEntry)) : [];
  const stringsEntry = entries.get(target('sharedStrings', 'xl/sharedStrings.xml'));
  const strings = stringsEntry ? await sharedStrings(read(stringsEntry), limits) : [];

  const firstSheetRel = workbook.firstSheetRelId ? rels.find((r) => r.id === workbook.firstSheetRelId) : undefined;
  const sheetEntry =
    (firstSheetRel && entries.get(firstSheetRel.target)) ??
    [...entries.values()]
      .filter((e) => /^xl\/worksheets\/sheet\d+\.xml$/.test(e.name))
      .sort((a, b) => Number(/\d+/.exec(a.name)![0]) - Number(/\d+/.exec(b.name)![0]))[0];
  if (!sheetEntry) throw new WorkbookDamaged('no worksheet');
  yield* sheetRows(read(sheetEntry), { strings, dateStyles, date1904: workbook.date1904 }, limits);
}

async function collect(source: Uint8Array | AsyncIterable<Uint8Array>, maxBytes: number): Promise<Buffer> {
  if (source instanceof Uint8Array) {
    if (source.length > maxBytes) throw new WorkbookTooLarge('file');
    return Buffer.from(source.buffer, source.byteOffset, source.byteLength);
  }
  const pieces: Uint8Array[] = [];
  let size = 0;
  for await (const piece of source) {
    size += piece.length;
    if (size > maxBytes) throw new WorkbookTooLarge('file');
    pieces.push(piece);
  }
  return Buffer.concat(pieces, size);
}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const ZIP64_LOCATOR = 0x07064b50;
const MAX32 = 0xffffffff;

/** The zip's entries by (lower-case) name, from its central directory. */
function centralDirectory(zip: Buffer): Map<string, ZipEntry> {
  let eocd = -1;
  for (let i = zip.length - 22; i >= Math.max(0, zip.length - 22 - 0xffff); i--) {
    if (zip.readUInt32LE(i) === EOCD) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw new WorkbookDamaged('no zip directory');
  let count = zip.readUInt16LE(eocd + 10);
  let offset = zip.readUInt32LE(eocd + 16);
  if ((offset === MAX32 || count === 0xffff) && eocd >= 20 && zip.readUInt32LE(eocd - 20) === ZIP64_LOCATOR) {
    const record = Number(zip.readBigUInt64LE(eocd - 12));
    if (record + 56 > zip.length) throw new WorkbookDamaged('bad zip64 directory');
    count = Number(zip.readBigUInt64LE(record + 32));
    offset = Number(zip.readBigUInt64LE(record + 48));
  }
  const entries = new Map<string, ZipEntry>();
  let p = offset;
  for (let i = 0; i < count; i++) {
    if (p + 46 > zip.length || zip.readUInt32LE(p) !== CENTRAL) throw new WorkbookDamaged('bad zip directory');
    const nameLength = zip.readUInt16LE(p + 28);
    const extraLength = zip.readUInt16LE(p + 30);
    const commentLength = zip.readUInt16LE(p + 32);
    const entry: ZipEntry = {
      flags: zip.readUInt16LE(p + 8),
      method: zip.readUInt16LE(p + 10),
      compressedSize: zip.readUInt32LE(p + 20),
      uncompressedSize: zip.readUInt32LE(p + 24),
      offset: zip.readUInt32LE(p + 42),
      name: zip
        .toString('utf8', p + 46, p + 46 + nameLength)
        .replace(/^\/+/, '')
        .toLowerCase(),
    };
    readZip64Extra(zip, p + 46 + nameLength, extraLength, entry);
    entries.set(entry.name, entry);
    p += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

function readZip64Extra(zip: Buffer, start: number, length: number, entry: ZipEntry): void {
  if (entry.uncompressedSize !== MAX32 && entry.compressedSize !== MAX32 && entry.offset !== MAX32) return;
  for (let e = start; e + 4 <= start + length; e += 4 + zip.readUInt16LE(e + 2)) {
    if (zip.readUInt16LE(e) !== 1) continue;
    let q = e + 4;
    const next = () => {
      const value = Number(zip.readBigUInt64LE(q));
      q += 8;
      return value;
    };
    if (entry.uncompressedSize === MAX32) entry.uncompressedSize = next();
    if (entry.compressedSize === MAX32) entry.compressedSize = next();
    if (entry.offset === MAX32) entry.offset = next();
    return;
  }
}

/**
 * An entry's text, piece by piece, inflated as it is read and stopped as soon as it passes the limits (the sizes
 * the zip declares are checked first, but they are the sender's word, so the bytes are counted as they come).
 */
async function* entryText(
  zip: Buffer,
  entry: ZipEntry,
  limits: XlsxLimits,
  budget: { total: number; elapsed: () => number },
): AsyncGenerator<string> {
  if (entry.uncompressedSize > limits.maxEntryBytes || budget.total + entry.uncompressedSize > limits.maxTotalBytes)
    throw new WorkbookTooLarge(entry.name);
  if (entry.flags & 1) throw new WorkbookDamaged('encrypted entry');
  const at = entry.offset;
  if (at + 30 > zip.length || zip.readUInt32LE(at) !== LOCAL) throw new WorkbookDamaged(`bad entry ${entry.name}`);
  const start = at + 30 + zip.readUInt16LE(at + 26) + zip.readUInt16LE(at + 28);
  const end = start + entry.compressedSize;
  if (end > zip.length) throw new WorkbookDamaged(`truncated entry ${entry.name}`);
  const data = zip.subarray(start, end);
  const pieces = Readable.from(
    (function* () {
      for (let i = 0; i < data.length; i += PIECE) yield data.subarray(i, Math.min(i + PIECE, data.length));
    })(),
    { objectMode: false },
  );
  let stream: Readable;
  if (entry.method === 0) stream = pieces;
  else if (entry.method === 8) stream = pieces.pipe(zlib.createInflateRaw({ chunkSize: PIECE }));
  else throw new WorkbookDamaged(`compression ${entry.method}`);
  const decoder = new TextDecoder('utf-8');
  let inflated = 0;
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      inflated += chunk.length;
      budget.total += chunk.length;
      if (inflated > limits.maxEntryBytes || budget.total > limits.maxTotalBytes)
        throw new WorkbookTooLarge(entry.name);
      // A part larger than its directory entry says is a zip bomb that lies: stop at the declared size, not at the
      // limit (a directory claiming 1 KB no longer costs 256 MB of inflating). Zip64's marker size is not a claim.
      if (inflated > entry.uncompressedSize && entry.uncompressedSize !== 0xffffffff) {
        throw new WorkbookTooLarge(
          `${entry.name} inflates past the size its zip directory declares (${entry.uncompressedSize} bytes)`,
        );
      }
      yield decoder.decode(chunk, { stream: true });
      if (budget.elapsed() > STEP_MS) {
        await new Promise((resolve) => setImmediate(resolve));
        budget.elapsed = stopwatch();
      }
    }
  } catch (error) {
    if (error instanceof WorkbookTooLarge || error instanceof WorkbookDamaged) throw error;
    throw new WorkbookDamaged(`${entry.name}: ${(error as Error).message}`);
  } finally {
    pieces.destroy();
    stream.destroy();
  }
  const rest = decoder.decode();
  if (rest) yield rest;
}

type Tag = { name: string; attributes: Record<string, string> };

/** An XML parser whose tag names have their namespace prefix taken off (`x:c` is `c`). */
function xmlParser(handlers: { open?(tag: Tag): void; text?(text: string): void; close?(name: string): void }) {
  const parser = new SaxesParser();
  let failure: Error | null = null;
  parser.on('error', (error) => {
    failure ??= error;
  });
  if (handlers.open) {
    const open = handlers.open;
    parser.on('opentag', (tag) =>
      open({ name: localName(tag.name), attributes: tag.attributes as Record<string, string> }),
    );
  }
  if (handlers.text) {
    parser.on('text', handlers.text);
    parser.on('cdata', handlers.text);
  }
  if (handlers.close) {
    const close = handlers.close;
    parser.on('closetag', (tag) => close(localName(tag.name)));
  }
  return {
    write(text: string) {
      parser.write(text);
      if (failure) throw new WorkbookDamaged(failure.message);
    },
    end() {
      parser.close();
      if (failure) throw new WorkbookDamaged(failure.message);
    },
  };
}

function localName(name: string): string {
  const colon = name.indexOf(':');
  return colon < 0 ? name : name.slice(colon + 1);
}

async function consume(pieces: AsyncIterable<string>, parser: ReturnType<typeof xmlParser>): Promise<void> {
  for await (const text of pieces) parser.write(text);
  parser.end();
}

interface Relationship {
  id: string;
  type: string;
  /** The part's name in the zip (lower case, from the root). */
  target: string;
}

async function relationships(pieces: AsyncIterable<string>): Promise<Relationship[]> {
  const found: Relationship[] = [];
  await consume(
    pieces,
    xmlParser({
      open({ name, attributes }) {
        if (name !== 'Relationship' || !attributes.Target) return;
        found.push({ id: attributes.Id ?? '', type: attributes.Type ?? '', target: partName(attributes.Target) });
      },
    }),
  );
  return found;
}

/** A relationship's target as a part name: absolute (`/xl/...`) or relative to `xl/`. */
function partName(target: string): string {
  const parts = target.startsWith('/') ? [] : ['xl'];
  for (const segment of target.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') parts.pop();
    else parts.push(segment);
  }
  return parts.join('/').toLowerCase();
}

async function workbookInfo(
  pieces: AsyncIterable<string>,
): Promise<{ date1904: boolean; firstSheetRelId: string | null }> {
  let date1904 = false;
  let firstSheetRelId: string | null = null;
  await consume(
    pieces,
    xmlParser({
      open({ name, attributes }) {
        if (name === 'workbookPr') date1904 = attributes.date1904 === '1' || attributes.date1904 === 'true';
        if (name === 'sheet' && firstSheetRelId === null) {
          const key = Object.keys(attributes).find((k) => k === 'id' || k.endsWith(':id'));
          firstSheetRelId = key ? attributes[key]! : null;
        }
      },
    }),
  );
  return { date1904, firstSheetRelId };
}

/** Built-in number formats that show dates (and times). */
const DATE_FORMAT_IDS = new Set([
  14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 45, 46, 47, 50, 51, 52, 53, 54, 55, 56,
  57, 58,
]);

/** A custom number format shows a date when it has date or time letters outside quotes and brackets (as exceljs decides). */
function isDateFormat(code: string): boolean {
  return /[ymdhMsb]+/.test(code.replace(/\[[^\]]*]/g, '').replace(/"[^"]*"/g, ''));
}

/** For each cell style (`s`), whether its number format shows a date. */
async function dateStyleIndexes(pieces: AsyncIterable<string>): Promise<boolean[]> {
  const customDates = new Map<number, boolean>();
  const styles: boolean[] = [];
  let inCellXfs = false;
  await consume(
    pieces,
    xmlParser({
      open({ name, attributes }) {
        if (name === 'numFmt') customDates.set(Number(attributes.numFmtId), isDateFormat(attributes.formatCode ?? ''));
        else if (name === 'cellXfs') inCellXfs = true;
        else if (name === 'xf' && inCellXfs) {
          const id = Number(attributes.numFmtId ?? 0);
          styles.push(customDates.get(id) ?? DATE_FORMAT_IDS.has(id));
        }
      },
      close(name) {
        if (name === 'cellXfs') inCellXfs = false;
      },
    }),
  );
  return styles;
}

async function sharedStrings(pieces: AsyncIterable<string>, limits: XlsxLimits): Promise<string[]> {
  const strings: string[] = [];
  let characters = 0;
  let parts: string[] | null = null;
  let inText = false;
  let phonetic = 0;
  await consume(
    pieces,
    xmlParser({
      open({ name }) {
        if (name === 'si') parts = [];
        else if (name === 't') inText = phonetic === 0;
        else if (name === 'rPh') phonetic++;
      },
      text(text) {
        if (!inText || !parts) return;
        characters += text.length;
        if (characters > limits.maxSharedStringChars) throw new WorkbookTooLarge('shared strings');
        parts.push(text);
      },
      close(name) {
        if (name === 't') inText = false;
        else if (name === 'rPh') phonetic--;
        else if (name === 'si' && parts) {
          if (strings.length >= limits.maxCells) throw new WorkbookTooLarge('shared strings');
          // A copy: a piece cut from the chunk would keep the whole chunk alive.
          strings.push(parts.length === 1 ? detach(parts[0]!) : parts.join(''));
          parts = null;
        }
      },
    }),
  );
  return strings;
}

function detach(text: string): string {
  return text.length < 13 ? text : (' ' + text).slice(1);
}

interface SheetContext {
  strings: string[];
  dateStyles: boolean[];
  date1904: boolean;
}

async function* sheetRows(
  pieces: AsyncIterable<string>,
  context: SheetContext,
  limits: XlsxLimits,
): AsyncGenerator<XlsxRow[]> {
  let rows: XlsxRow[] = [];
  let rowNumber = 0;
  let cells: string[] | null = null;
  let cellCount = 0;
  let column = -1;
  let cell: { type: string; style: number; value: string; inline: string } | null = null;
  let inValue = false;
  let inInline = false;
  let phonetic = 0;
  const parser = xmlParser({
    open({ name, attributes }) {
      switch (name) {
        case 'row': {
          const r = Number(attributes.r);
          rowNumber = Number.isInteger(r) && r > rowNumber ? r : rowNumber + 1;
          cells = [];
          column = -1;
          break;
        }
        case 'c': {
          if (++cellCount > limits.maxCells) throw new WorkbookTooLarge('cells');
          const ref = attributes.r ? columnIndex(attributes.r) : -1;
          column = ref >= 0 ? ref : column + 1;
          cell = { type: attributes.t ?? 'n', style: Number(attributes.s ?? 0), value: '', inline: '' };
          break;
        }
        case 'v':
          inValue = cell !== null;
          break;
        case 't':
          inInline = cell !== null && cell.type === 'inlineStr' && phonetic === 0;
          break;
        case 'rPh':
          phonetic++;
          break;
      }
    },
    text(text) {
      if (!cell) return;
      if (inValue) cell.value += text;
      else if (inInline) cell.inline += text;
    },
    close(name) {
      switch (name) {
        case 'v':
          inValue = false;
          break;
        case 't':
          inInline = false;
          break;
        case 'rPh':
          phonetic--;
          break;
        case 'c':
          if (cell && cells && column < limits.maxColumns) cells[column] = cellText(cell, context);
          cell = null;
          break;
        case 'row':
          if (cells && cells.length > 0) rows.push({ row: rowNumber, cells: Array.from(cells, (c) => c ?? '') });
          cells = null;
          break;
      }
    },
  });
  for await (const text of pieces) {
    parser.write(text);
    if (rows.length > 0) {
      yield rows;
      rows = [];
    }
  }
  parser.end();
  if (rows.length > 0) yield rows;
}

/** `BC12` -> 54 (zero-based); -1 when the reference has no letters. */
function columnIndex(reference: string): number {
  let index = 0;
  let i = 0;
  for (; i < reference.length && i < 4; i++) {
    const code = reference.charCodeAt(i) & ~32;
    if (code < 65 || code > 90) break;
    index = index * 26 + (code - 64);
  }
  return i === 0 ? -1 : index - 1;
}

function cellText(cell: { type: string; style: number; value: string; inline: string }, context: SheetContext): string {
  switch (cell.type) {
    case 's':
      return context.strings[Number(cell.value)] ?? '';
    case 'inlineStr':
      return cell.inline;
    case 'str':
      return cell.value;
    case 'b':
      return cell.value === '' ? '' : String(cell.value === '1' || cell.value === 'true');
    case 'e':
      return '';
    case 'd': {
      const date = new Date(cell.value);
      return Number.isNaN(date.getTime()) ? cell.value : date.toISOString().slice(0, 10);
    }
    default: {
      if (cell.value.trim() === '') return '';
      const number = Number.parseFloat(cell.value);
      if (!Number.isFinite(number)) return cell.value;
      if (context.dateStyles[cell.style]) {
        // Excel's serial day number (exceljs' conversion): days since 1899-12-30, or since 1904-01-01.
        const date = new Date(Math.round((number - 25569 + (context.date1904 ? 1462 : 0)) * 24 * 3600 * 1000));
        if (!Number.isNaN(date.getTime())) return date.toISOString().slice(0, 10);
      }
      return String(number);
    }
  }
}
