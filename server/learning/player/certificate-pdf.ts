import { createRequire } from 'node:module';
import type { CourseLanguage } from '../../../src/domain/courses/course';

/**
 * The completion certificate as a PDF (pdfkit, whose font engine fontkit shapes Indic scripts: conjuncts, reph and
 * vowel signs placed as they are read). Fonts are Noto, shipped through npm (@fontsource/*), so a fresh machine has
 * them. Text is set in runs by script: Devanagari (Hindi, Marathi), Tamil and Kannada in their Noto fonts, the rest
 * in Noto Sans. Telugu has no npm-shipped Noto font here yet: it falls back to Noto Sans (docs/learning.md).
 *
 * What it prints is exactly CertificateFields, which the public verification returns, so an edited PDF is caught.
 */
export interface CertificateFields {
  code: string;
  name: string;
  courseTitle: string;
  language: CourseLanguage;
  organisation: string;
  completedOn: string;
  issuedOn: string;
  expiresOn: string | null;
  /** Where to check it: `<workspace origin>/verify/<code>`. */
  verifyUrl: string;
}

const require = createRequire(import.meta.url);
const font = (pkg: string, file: string) => require.resolve(`@fontsource/${pkg}/files/${file}`);

const FONTS = {
  latin: () => font('noto-sans', 'noto-sans-latin-400-normal.woff'),
  latinExt: () => font('noto-sans', 'noto-sans-latin-ext-400-normal.woff'),
  devanagari: () => font('noto-sans-devanagari', 'noto-sans-devanagari-devanagari-400-normal.woff'),
  tamil: () => font('noto-sans-tamil', 'noto-sans-tamil-tamil-400-normal.woff'),
  kannada: () => font('noto-sans-kannada', 'noto-sans-kannada-kannada-400-normal.woff'),
} as const;
type FontName = keyof typeof FONTS;

function scriptOf(cp: number): FontName | null {
  if ((cp >= 0x0900 && cp <= 0x097f) || (cp >= 0xa8e0 && cp <= 0xa8ff) || cp === 0x1cd0) return 'devanagari';
  if (cp >= 0x0b80 && cp <= 0x0bff) return 'tamil';
  if (cp >= 0x0c80 && cp <= 0x0cff) return 'kannada';
  // Spaces and joiners keep the run they are in (the Indic fonts have them); digits and punctuation are Noto Sans's.
  if (cp === 0x20 || cp === 0x200c || cp === 0x200d) return null;
  if (cp < 0x0250) return cp < 0x0080 ? 'latin' : 'latinExt';
  return 'latin';
}

/** `text` cut into runs of one font each (a run never splits a syllable: joiners and marks stay with it). */
export function scriptRuns(text: string): { font: FontName; text: string }[] {
  const runs: { font: FontName; text: string }[] = [];
  for (const ch of text) {
    const wanted = scriptOf(ch.codePointAt(0)!);
    const last = runs.at(-1);
    if (last && (wanted === null || wanted === last.font)) last.text += ch;
    else runs.push({ font: wanted ?? 'latin', text: ch });
  }
  return runs;
}

const LABELS: Record<
  'ENGLISH' | 'HINDI' | 'MARATHI',
  Record<'title' | 'certifies' | 'completed' | 'on' | 'valid' | 'code' | 'verify' | 'issued', string>
> = {
  ENGLISH: {
    title: 'Certificate of completion',
    certifies: 'This certifies that',
    completed: 'has completed the course',
    on: 'Completed on',
    valid: 'Valid until',
    issued: 'Issued on',
    code: 'Verification code',
    verify: 'Check this certificate at',
  },
  HINDI: {
    title: 'पूर्णता प्रमाणपत्र',
    certifies: 'प्रमाणित किया जाता है कि',
    completed: 'ने यह पाठ्यक्रम पूरा किया है',
    on: 'पूर्ण होने की तिथि',
    valid: 'वैध तिथि तक',
    issued: 'जारी करने की तिथि',
    code: 'सत्यापन कोड',
    verify: 'इस प्रमाणपत्र की जाँच करें',
  },
  MARATHI: {
    title: 'पूर्णता प्रमाणपत्र',
    certifies: 'प्रमाणित करण्यात येते की',
    completed: 'यांनी हा अभ्यासक्रम पूर्ण केला आहे',
    on: 'पूर्ण झाल्याची तारीख',
    valid: 'वैधता तारीख',
    issued: 'जारी केल्याची तारीख',
    code: 'पडताळणी कोड',
    verify: 'हे प्रमाणपत्र तपासा',
  },
};

export function labelsFor(language: CourseLanguage) {
  return language === 'HINDI' || language === 'MARATHI' ? LABELS[language] : LABELS.ENGLISH;
}

/** Renders the certificate; resolves with the PDF's bytes. */
export async function renderCertificate(fields: CertificateFields): Promise<Buffer> {
  // Loaded on the first PDF, not at start (docs/architecture.md "Memory").
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margin: 56,
    info: { Title: `${fields.courseTitle} – ${fields.name}`, Author: fields.organisation, Subject: fields.code },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  for (const name of Object.keys(FONTS) as FontName[]) doc.registerFont(name, FONTS[name]());

  const width = doc.page.width - 112;
  /** One centred line, in runs of fonts by script. */
  const line = (text: string, size: number, gap = 10) => {
    const runs = scriptRuns(text);
    let total = 0;
    for (const r of runs) total += doc.font(r.font).fontSize(size).widthOfString(r.text);
    let x = 56 + Math.max(0, (width - total) / 2);
    const y = doc.y;
    for (const r of runs) {
      doc.font(r.font).fontSize(size).text(r.text, x, y, { lineBreak: false });
      x += doc.widthOfString(r.text);
    }
    doc.x = 56;
    doc.y = y + size * 1.4 + gap;
  };

  const l = labelsFor(fields.language);
  doc
    .rect(28, 28, doc.page.width - 56, doc.page.height - 56)
    .lineWidth(2)
    .stroke('#1f6feb');
  doc.y = 80;
  line(fields.organisation, 16, 18);
  line(l.title, 30, 24);
  line(l.certifies, 14);
  line(fields.name, 26, 8);
  line(l.completed, 14);
  line(fields.courseTitle, 22, 24);
  line(`${l.on}: ${fields.completedOn}`, 13, 4);
  if (fields.expiresOn) line(`${l.valid}: ${fields.expiresOn}`, 13, 4);
  line(`${l.issued}: ${fields.issuedOn}`, 13, 20);
  line(`${l.code}: ${fields.code}`, 13, 4);
  line(`${l.verify}: ${fields.verifyUrl}`, 11, 4);
  doc.end();
  return finished;
}
