import { createRequire } from 'node:module';
import type { CourseLanguage } from '../../../src/domain/courses/course';
import { localeFor } from '../../../src/domain/shared/app-language';
import { formatDate } from '../../../src/domain/shared/date-time';

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

/** How the certificate is drawn for its workspace: not part of what it certifies, so not part of the verification. */
export interface CertificateLook {
  /** The workspace's logo (PNG or JPEG; pdfkit draws no other kind), printed above its name. */
  logo?: { contentType: string; bytes: Uint8Array } | null;
  /** The workspace's country, for its date format (India: `25 Nov 2026`, never the US month-first order). */
  country?: 'IN' | 'CA';
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
  Record<'title' | 'certifies' | 'completed' | 'on' | 'valid' | 'code' | 'verify' | 'issued' | 'signatory', string>
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
    signatory: 'Authorised signatory',
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
    signatory: 'अधिकृत हस्ताक्षरकर्ता',
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
    signatory: 'अधिकृत स्वाक्षरीकर्ता',
  },
};

export function labelsFor(language: CourseLanguage) {
  return language === 'HINDI' || language === 'MARATHI' ? LABELS[language] : LABELS.ENGLISH;
}

/** Renders the certificate; resolves with the PDF's bytes. */
export async function renderCertificate(fields: CertificateFields, look: CertificateLook = {}): Promise<Buffer> {
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

  const left = 56;
  const width = doc.page.width - 112;
  const widthOf = (text: string, size: number) =>
    scriptRuns(text).reduce((total, r) => total + doc.font(r.font).fontSize(size).widthOfString(r.text), 0);
  /** Text at (x, y) in runs of fonts by script, its left edge at x, or its right edge there (`align: 'right'`). */
  const put = (
    text: string,
    size: number,
    x: number,
    y: number,
    align: 'left' | 'right' = 'left',
    colour = '#1f1f1f',
  ) => {
    let at = align === 'right' ? x - widthOf(text, size) : x;
    for (const r of scriptRuns(text)) {
      doc.font(r.font).fontSize(size).fillColor(colour).text(r.text, at, y, { lineBreak: false });
      at += doc.widthOfString(r.text);
    }
  };
  /** One centred line. */
  const line = (text: string, size: number, gap = 10, colour?: string) => {
    const y = doc.y;
    put(text, size, left + Math.max(0, (width - widthOf(text, size)) / 2), y, 'left', colour);
    doc.x = left;
    doc.y = y + size * 1.4 + gap;
  };
  // Dates as the workspace's country writes them, in the certificate's language ("25 Nov 2026", "25 नव॰ 2026").
  const locale = localeFor(fields.language, look.country ?? 'IN');
  const day = (iso: string) => formatDate(iso, { locale, zone: 'UTC' });

  const l = labelsFor(fields.language);
  doc
    .rect(28, 28, doc.page.width - 56, doc.page.height - 56)
    .lineWidth(2)
    .stroke('#1a5fd0');
  doc.y = 60;
  const logo = look.logo && /^image\/(png|jpe?g)$/.test(look.logo.contentType) ? look.logo.bytes : null;
  if (logo) {
    try {
      doc.image(Buffer.from(logo), left + width / 2 - 90, doc.y, { fit: [180, 52], align: 'center', valign: 'center' });
      doc.y += 64;
    } catch {
      // A picture pdfkit cannot read leaves the name alone at the top rather than no certificate.
    }
  } else doc.y += 12;
  line(fields.organisation, 16, 16);
  line(l.title, 30, 20, '#1a5fd0');
  line(l.certifies, 14);
  line(fields.name, 26, 8);
  line(l.completed, 14);
  line(fields.courseTitle, 22, 18);
  line(`${l.on}: ${day(fields.completedOn)}`, 13, 4);
  if (fields.expiresOn) line(`${l.valid}: ${day(fields.expiresOn)}`, 13, 4);

  // The foot: the signatory's line on the left; when it was issued and how to check it on the right.
  const foot = doc.page.height - 128;
  doc
    .moveTo(left + 24, foot + 28)
    .lineTo(left + 244, foot + 28)
    .lineWidth(0.8)
    .stroke('#595959');
  put(l.signatory, 11, left + 24, foot + 34);
  put(fields.organisation, 11, left + 24, foot + 50, 'left', '#595959');
  const right = left + width - 24;
  put(`${l.issued}: ${day(fields.issuedOn)}`, 11, right, foot + 2, 'right');
  put(`${l.code}: ${fields.code}`, 11, right, foot + 20, 'right');
  put(`${l.verify}:`, 10, right, foot + 38, 'right', '#595959');
  put(fields.verifyUrl, 10, right, foot + 52, 'right', '#1a5fd0');
  doc.end();
  return finished;
}
