import PDFDocument from 'pdfkit';
import { expect, type Locator } from '@playwright/test';

/** A real PDF (pdfkit) with a title and paragraphs, so pdf.js draws it and its text layer holds the words. */
export function realPdf(title: string, paragraphs: string[], pages = 1): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4', margin: 64 });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    for (let page = 1; page <= pages; page++) {
      if (page > 1) doc.addPage();
      doc
        .font('Helvetica-Bold')
        .fontSize(22)
        .text(page === 1 ? title : `${title} (page ${page})`);
      for (const paragraph of paragraphs) doc.moveDown(0.6).font('Helvetica').fontSize(12).text(paragraph);
    }
    doc.end();
  });
}

/**
 * The PDF viewer (src/ui/shared/pdf-viewer) shows a document: its first page's text layer holds `sentence`, and its
 * canvas has drawn pixels (not all white or transparent).
 */
export async function expectPdfShown(viewer: Locator, sentence: string): Promise<void> {
  const firstPage = viewer.getByRole('group', { name: /^Page 1 of \d+$/ });
  const text = firstPage.locator('.textLayer');
  await expect(text).toContainText(sentence, { timeout: 30_000 });
  await expect(text).toBeVisible();
  const inked = await firstPage.locator('canvas').evaluate((canvas: HTMLCanvasElement) => {
    const { data } = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height);
    let dark = 0;
    for (let i = 0; i < data.length; i += 4) if (data[i + 3] > 0 && data[i] + data[i + 1] + data[i + 2] < 600) dark++;
    return dark;
  });
  expect(inked, 'the first page is drawn on its canvas').toBeGreaterThan(500);
}
