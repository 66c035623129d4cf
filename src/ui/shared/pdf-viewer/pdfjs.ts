import { getDocument, GlobalWorkerOptions, TextLayer, type PDFDocumentProxy, type PDFPageProxy } from 'pdfjs-dist';
// The worker is a file of our own build, served from our origin: the Content-Security-Policy's `script-src 'self'`
// (which `worker-src` falls back to) allows it, and no CDN is asked for anything.
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';

/**
 * pdf.js, loaded only by the PDF viewer's dynamic import, so no other page downloads it (its chunk and the worker are
 * fetched the first time a document is shown).
 */
GlobalWorkerOptions.workerSrc = workerUrl;

export type { PDFDocumentProxy, PDFPageProxy };
export { TextLayer };

/** Opens a PDF from its bytes (copied: pdf.js hands them to its worker) or from an address of ours. */
export function openPdf(source: { data: Uint8Array } | { url: string }) {
  return getDocument({
    ...('data' in source ? { data: source.data.slice() } : { url: source.url, withCredentials: false }),
    // Fonts are drawn without compiling code from strings, which the Content-Security-Policy forbids.
    isEvalSupported: false,
    // Scripts and forms inside a PDF are never run.
    enableXfa: false,
  });
}
