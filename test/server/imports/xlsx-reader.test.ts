import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import {
  readXlsxRows,
  WorkbookDamaged,
  WorkbookTooLarge,
  XLSX_LIMITS,
  type XlsxRow,
} from '../../../server/platform/imports/xlsx-reader';
import { repetitiveSharedStrings, workbookParts, zipArchive } from './zip';

async function rows(bytes: Uint8Array | AsyncIterable<Uint8Array>, limits = XLSX_LIMITS): Promise<XlsxRow[]> {
  const all: XlsxRow[] = [];
  for await (const batch of readXlsxRows(bytes, limits)) all.push(...batch);
  return all;
}

const SHARED =
  '<sst><si><t>Email</t></si><si><r><t>First </t></r><r><t>name</t></r><rPh><t>ふりがな</t></rPh></si><si><t>ann@acme-new.test</t></si></sst>';
const SHEET =
  '<row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c></row>' +
  '<row r="3"><c r="A3" t="s"><v>2</v></c><c r="C3" t="inlineStr"><is><t>Ann &amp; Co</t></is></c><c r="D3"><v>42.5</v></c><c r="E3" t="b"><v>1</v></c><c r="F3" t="str"><f>A1</f><v>Email</v></c></row>';

describe('XLSX reader', () => {
  it('reads the first sheet with shared, rich and inline strings, numbers and booleans, keeping row numbers', async () => {
    const expected = [
      { row: 1, cells: ['Email', 'First name'] },
      { row: 3, cells: ['ann@acme-new.test', '', 'Ann & Co', '42.5', 'true', 'Email'] },
    ];
    expect(await rows(await zipArchive(workbookParts(SHEET, SHARED)))).toEqual(expected);
    // The entries' order does not matter (exceljs writes xl/workbook.xml last; the old streaming reader lost it).
    expect(await rows(await zipArchive(workbookParts(SHEET, SHARED, { workbookLast: true })))).toEqual(expected);
  });

  it('reads what exceljs writes, dates as dates, from memory or as a stream of small pieces', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Users');
    sheet.addRow(['Email', 'Joined', 'Count']);
    sheet.addRow(['a@acme-new.test', new Date(Date.UTC(2024, 0, 15)), 3]);
    workbook.addWorksheet('Other').addRow(['not read']);
    const bytes = new Uint8Array(await workbook.xlsx.writeBuffer());
    const expected = [
      { row: 1, cells: ['Email', 'Joined', 'Count'] },
      { row: 2, cells: ['a@acme-new.test', '2024-01-15', '3'] },
    ];
    expect(await rows(bytes)).toEqual(expected);
    async function* pieces() {
      for (let i = 0; i < bytes.length; i += 100) yield bytes.subarray(i, i + 100);
    }
    expect(await rows(pieces())).toEqual(expected);
  });

  it('refuses a workbook whose shared strings inflate past the limit, even when the zip claims a small size', async () => {
    const limits = { ...XLSX_LIMITS, maxEntryBytes: 8 * 1024 * 1024, maxSharedStringChars: 1e9 };
    const honest = await zipArchive(workbookParts(SHEET, repetitiveSharedStrings(20 * 1024 * 1024)));
    await expect(rows(honest, limits)).rejects.toBeInstanceOf(WorkbookTooLarge);
    const lying = await zipArchive(
      workbookParts(SHEET, repetitiveSharedStrings(20 * 1024 * 1024), { declaredStringsSize: 1000 }),
    );
    await expect(rows(lying, limits)).rejects.toBeInstanceOf(WorkbookTooLarge);
    await expect(rows(lying, { ...limits, maxTotalBytes: 4 * 1024 * 1024 })).rejects.toBeInstanceOf(WorkbookTooLarge);
  });

  it('stops a part that inflates past the size its directory declares at that size, not at the limit', async () => {
    // 200 MB of shared strings claimed as 1,000 bytes: under the 256 MB limit, so only the claim can stop it early.
    const lying = await zipArchive(
      workbookParts(SHEET, repetitiveSharedStrings(200 * 1024 * 1024), { declaredStringsSize: 1000 }),
    );
    await expect(rows(lying)).rejects.toThrow(/inflates past the size its zip directory declares \(1000 bytes\)/);
    await expect(rows(lying)).rejects.toBeInstanceOf(WorkbookTooLarge);
  });

  it('refuses more cells, or more shared text, than the limits', async () => {
    const many = '<row r="1">' + '<c><v>1</v></c>'.repeat(50) + '</row>';
    await expect(
      rows(await zipArchive(workbookParts(many, SHARED)), { ...XLSX_LIMITS, maxCells: 49 }),
    ).rejects.toBeInstanceOf(WorkbookTooLarge);
    expect(await rows(await zipArchive(workbookParts(many, SHARED)), { ...XLSX_LIMITS, maxCells: 50 })).toHaveLength(1);
    await expect(
      rows(await zipArchive(workbookParts(SHEET, SHARED)), { ...XLSX_LIMITS, maxSharedStringChars: 10 }),
    ).rejects.toBeInstanceOf(WorkbookTooLarge);
  });

  it('calls a damaged workbook damaged', async () => {
    const bytes = await zipArchive(workbookParts(SHEET, SHARED));
    await expect(rows(bytes.subarray(0, bytes.length - 30))).rejects.toBeInstanceOf(WorkbookDamaged);
    await expect(rows(await zipArchive(workbookParts('<row><c><v>1</v></row>', SHARED)))).rejects.toBeInstanceOf(
      WorkbookDamaged,
    );
  });
});
