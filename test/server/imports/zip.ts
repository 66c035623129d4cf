import zlib from 'node:zlib';

export interface ZipPart {
  name: string;
  /** The bytes, or data already deflated (raw) with its inflated size (a zip bomb, built without inflating it). */
  content: string | Buffer | Deflated;
  /** The size the directory claims (a zip bomb may lie about it); the real size by default. */
  declaredSize?: number;
}

/** A zip archive (deflated entries, no data descriptors), written by hand so a test can shape every part of it. */
export async function zipArchive(parts: ZipPart[]): Promise<Buffer> {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const { data, size, crc } = await deflate(part.content);
    const name = Buffer.from(part.name, 'utf8');
    const declared = part.declaredSize ?? size;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x800, 6);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(declared, 22);
    local.writeUInt16LE(name.length, 26);
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt16LE(20, 4);
    entry.writeUInt16LE(20, 6);
    entry.writeUInt16LE(0x800, 8);
    entry.writeUInt16LE(8, 10);
    entry.writeUInt32LE(crc, 16);
    entry.writeUInt32LE(data.length, 20);
    entry.writeUInt32LE(declared, 24);
    entry.writeUInt16LE(name.length, 28);
    entry.writeUInt32LE(offset, 42);
    locals.push(local, name, data);
    central.push(entry, name);
    offset += local.length + name.length + data.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** Raw deflate data and the size it inflates to (its CRC is not computed: the reader under test does not check it). */
export interface Deflated {
  deflated: Buffer;
  size: number;
}

async function deflate(content: ZipPart['content']): Promise<{ data: Buffer; size: number; crc: number }> {
  if (typeof content === 'object' && 'deflated' in content)
    return { data: content.deflated, size: content.size, crc: 0 };
  const pieces = [Buffer.from(content)];
  const deflater = zlib.createDeflateRaw({ level: 9 });
  const out: Buffer[] = [];
  deflater.on('data', (chunk: Buffer) => out.push(chunk));
  const ended = new Promise((resolve, reject) => deflater.on('end', resolve).on('error', reject));
  let size = 0;
  let crc = 0;
  for (const piece of pieces) {
    size += piece.length;
    crc = zlib.crc32(piece, crc);
    if (!deflater.write(piece)) await new Promise((resolve) => deflater.once('drain', resolve));
  }
  deflater.end();
  await ended;
  return { data: Buffer.concat(out), size, crc };
}

const CONTENT_TYPES = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/></Types>`;
const WORKBOOK = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Users" sheetId="1" r:id="rId1"/></sheets></workbook>`;
const WORKBOOK_RELS = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/></Relationships>`;

/** The parts of a minimal workbook whose sheet and shared strings a test gives; `order` puts the workbook first or last. */
export function workbookParts(
  sheetXml: string,
  sharedStrings: ZipPart['content'],
  options: { declaredStringsSize?: number; workbookLast?: boolean } = {},
): ZipPart[] {
  const head: ZipPart[] = [
    { name: '[Content_Types].xml', content: CONTENT_TYPES },
    { name: 'xl/_rels/workbook.xml.rels', content: WORKBOOK_RELS },
  ];
  const workbook: ZipPart = { name: 'xl/workbook.xml', content: WORKBOOK };
  const rest: ZipPart[] = [
    {
      name: 'xl/worksheets/sheet1.xml',
      content: `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${sheetXml}</sheetData></worksheet>`,
    },
    { name: 'xl/sharedStrings.xml', content: sharedStrings, declaredSize: options.declaredStringsSize },
  ];
  return options.workbookLast ? [...head, ...rest, workbook] : [...head, workbook, ...rest];
}

/**
 * Shared strings of at least `bytes` of repetitive text, deflated in milliseconds: one piece is deflated once (ending on
 * a sync flush, so it references nothing before it) and its deflate data repeated, then a final empty block. 400 MB
 * of text is about 1.4 MB deflated.
 */
export function repetitiveSharedStrings(bytes: number): Deflated {
  const sync = (text: string) =>
    zlib.deflateRawSync(Buffer.from(text), { level: 9, finishFlush: zlib.constants.Z_SYNC_FLUSH });
  const head =
    '<?xml version="1.0" encoding="UTF-8"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">';
  const piece = '<si><t>xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx</t></si>'.repeat(16384);
  const count = Math.ceil(bytes / piece.length);
  const repeated = sync(piece);
  const deflated = Buffer.concat([
    sync(head),
    ...Array.from({ length: count }, () => repeated),
    sync('</sst>'),
    Buffer.from([0x03, 0x00]),
  ]);
  return { deflated, size: head.length + count * piece.length + '</sst>'.length };
}
