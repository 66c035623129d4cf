import { MAX_IMPORT_ROWS } from '../../../src/domain/imports/import-rows';
import { HttpError, badRequest } from '../errors';
import type { FileSniff } from '../upload-spool';
import { CsvReader, CsvSyntaxError } from './csv-reader';
import { readXlsxRows, WorkbookDamaged, WorkbookTooLarge, XLSX_LIMITS } from './xlsx-reader';

export type ImportFileKind = 'csv' | 'xlsx';

/** One row of the file: `row` is the spreadsheet row number (the header is row 1). */
export interface FileRow {
  row: number;
  cells: string[];
}

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];
const MAX_COLUMNS = 200;

/**
 * Files are untrusted: the type is decided by the extension AND the content. An XLSX is a zip archive;
 * a CSV is text without NUL bytes.
 */
export function detectImportFile(fileName: string, file: FileSniff): ImportFileKind {
  const extension = /\.([A-Za-z0-9]+)$/.exec(fileName)?.[1]?.toLowerCase();
  if (extension !== 'csv' && extension !== 'xlsx') {
    throw new HttpError(400, 'UNSUPPORTED_FILE', 'Upload a .csv or .xlsx file', {
      file: 'Only .csv and .xlsx files can be imported',
    });
  }
  if (file.size === 0) throw new HttpError(400, 'EMPTY_FILE', 'The file is empty', { file: 'The file is empty' });
  if (extension === 'xlsx') {
    if (!ZIP_MAGIC.every((b, i) => file.head[i] === b)) {
      throw new HttpError(400, 'UNSUPPORTED_FILE', 'This file is not a real XLSX workbook', {
        file: 'Not an XLSX workbook',
      });
    }
    return 'xlsx';
  }
  if (file.hasNul) {
    throw new HttpError(400, 'UNSUPPORTED_FILE', 'This file is not a text CSV file', { file: 'Not a text CSV file' });
  }
  return 'csv';
}

/** The same facts of a small file held in memory. */
export function sniffBytes(bytes: Uint8Array): FileSniff {
  return { size: bytes.length, head: bytes.subarray(0, 8), hasNul: bytes.includes(0) };
}

/**
 * The file's bytes: in memory (an upload), or opened as a stream of pieces each time it is read (a stored file,
 * read by the import job and the job's report without holding it whole).
 */
export type ImportSource = Uint8Array | (() => AsyncIterable<Uint8Array>);

/**
 * Streams the rows of the file in batches, the header row first; refuses a malformed file with its row
 * and column. Batches, not single rows: an await per row cost more than the parsing itself.
 */
export function readImportRows(kind: ImportFileKind, source: ImportSource): AsyncGenerator<FileRow[]> {
  return limitRows(kind === 'csv' ? csvRows(source) : xlsxRows(source));
}

function* slices(bytes: Uint8Array): Generator<Uint8Array> {
  for (let offset = 0; offset < bytes.length; offset += CSV_PIECE)
    yield bytes.subarray(offset, Math.min(offset + CSV_PIECE, bytes.length));
}

async function* limitRows(batches: AsyncGenerator<FileRow[]>): AsyncGenerator<FileRow[]> {
  let count = 0;
  for await (const batch of batches) {
    count += batch.length;
    if (count > MAX_IMPORT_ROWS + 1) {
      throw new HttpError(
        400,
        'TOO_MANY_ROWS',
        `A file may hold at most ${MAX_IMPORT_ROWS.toLocaleString('en')} rows`,
        {
          file: `More than ${MAX_IMPORT_ROWS} rows`,
        },
      );
    }
    yield batch.map((row) =>
      row.cells.length > MAX_COLUMNS ? { row: row.row, cells: row.cells.slice(0, MAX_COLUMNS) } : row,
    );
  }
}

const CSV_PIECE = 32 * 1024;

/**
 * The CSV's records in batches, numbered as the spreadsheet shows them (the header is row 1): the bytes are
 * decoded and read a piece at a time, so only one piece of text and its records are alive at once.
 */
async function* csvRows(source: ImportSource): AsyncGenerator<FileRow[]> {
  const decoder = new TextDecoder('utf-8');
  const reader = new CsvReader();
  let row = 0;
  try {
    for await (const piece of source instanceof Uint8Array ? slices(source) : source()) {
      const records = reader.push(decoder.decode(piece, { stream: true }), false);
      if (records.length > 0) yield records.map((cells) => ({ row: ++row, cells }));
    }
    const records = reader.push(decoder.decode(), true);
    if (records.length > 0) yield records.map((cells) => ({ row: ++row, cells }));
  } catch (error) {
    if (!(error instanceof CsvSyntaxError)) throw error;
    throw new HttpError(
      400,
      'MALFORMED_FILE',
      `The CSV file is malformed at row ${error.row}, column ${error.column}: ${error.problem}`,
      {
        file: `Row ${error.row}, column ${error.column}: ${error.problem}`,
        row: String(error.row),
        column: String(error.column),
      },
    );
  }
}

async function* xlsxRows(source: ImportSource): AsyncGenerator<FileRow[]> {
  let lastRow = 0;
  try {
    for await (const rows of readXlsxRows(source instanceof Uint8Array ? source : source())) {
      lastRow = rows[rows.length - 1]!.row;
      yield rows;
    }
  } catch (error) {
    if (error instanceof WorkbookTooLarge) {
      throw new HttpError(
        413,
        'WORKBOOK_TOO_LARGE',
        `The workbook is too large once unpacked: at most ${XLSX_LIMITS.maxCells.toLocaleString('en')} cells and ${Math.floor(XLSX_LIMITS.maxEntryBytes / 1024 / 1024)} MB of sheet data`,
        { file: 'The workbook is too large once unpacked' },
      );
    }
    if (!(error instanceof WorkbookDamaged)) throw error;
    throw new HttpError(400, 'MALFORMED_FILE', `The XLSX file could not be read after row ${lastRow}`, {
      file: `The workbook is damaged after row ${lastRow}`,
      row: String(lastRow + 1),
    });
  }
}

/** The header row and a few data rows (for the mapping step). */
export async function readHeaderRow(
  kind: ImportFileKind,
  source: ImportSource,
  sampleSize = 3,
): Promise<{ headers: string[]; sample: string[][] }> {
  let headers: string[] | null = null;
  const sample: string[][] = [];
  reading: for await (const batch of readImportRows(kind, source)) {
    for (const { cells } of batch) {
      if (!headers) {
        headers = cells.map((c) => c.trim());
        continue;
      }
      if (cells.every((c) => c.trim() === '')) continue;
      sample.push(cells.map((c) => c.slice(0, 200)));
      if (sample.length >= sampleSize) break reading;
    }
  }
  if (!headers || headers.every((h) => h === ''))
    throw badRequest('The file has no header row', { file: 'No header row' });
  return { headers, sample };
}
