import { randomBytes } from 'node:crypto';
import { MAIN_SITE_WORKSPACE_ID, type Database } from '../platform/db/database';

/** What the demo's user manual says, a heading and its paragraphs per section. */
const SECTIONS: [heading: string, paragraphs: string[]][] = [
  [
    'Your home page',
    ['Your home page shows the courses assigned to you and the policies waiting for you, the most urgent first.'],
  ],
  [
    'Training',
    [
      'Open a course with Start or Continue. Each lesson is one page; your progress is saved as you go, so you can stop and come back on any device.',
      'When you finish a course, your certificate is on the course page.',
    ],
  ],
  [
    'Policies',
    [
      'Read and accept opens the policy in the page. Accept a policy only after you have read it: the button is enabled once the document is shown.',
      'My policies lists every policy you accepted, with the version and the day, so you can read it again at any time.',
    ],
  ],
  [
    'Raise a concern',
    [
      'Raise a concern is always in the menu. Before you type anything, it tells you who will see what you write.',
      'Only the Internal Committee reads a complaint. Every view of a case is recorded.',
    ],
  ],
];

/** The demo's user manual as a small two-page PDF, made when the demo is seeded (pdfkit, its built-in Helvetica). */
export async function demoManualPdf(): Promise<Buffer> {
  const { default: PDFDocument } = await import('pdfkit');
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({
      size: 'A4',
      margin: 64,
      info: { Title: 'SafePlace user manual', Author: 'SafePlace' },
    });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.font('Helvetica-Bold').fontSize(24).text('SafePlace user manual');
    doc
      .moveDown(0.5)
      .font('Helvetica')
      .fontSize(12)
      .fillColor('#444444')
      .text('How to use SafePlace at work: training, policies and concerns.');
    SECTIONS.forEach(([heading, paragraphs], i) => {
      if (i === 2) doc.addPage();
      doc.moveDown(1.2).fillColor('#000000').font('Helvetica-Bold').fontSize(16).text(heading);
      for (const paragraph of paragraphs)
        doc.moveDown(0.5).font('Helvetica').fontSize(12).text(paragraph, { lineGap: 3 });
    });
    doc.end();
  });
}

/** Publishes the demo's user manual for every workspace (as the platform admin would), so "User manual" has one. */
export async function seedUserManual(db: Database): Promise<void> {
  const pdf = await demoManualPdf();
  await db.system(async (tx) => {
    await tx.query(
      `INSERT INTO user_manuals (workspace_id, format, pdf, file_name, byte_size, file_token)
       VALUES ($1, 'PDF', $2, 'SafePlace user manual.pdf', $3, $4)`,
      [MAIN_SITE_WORKSPACE_ID, pdf, pdf.length, randomBytes(32).toString('base64url')],
    );
  });
}
