import { DownloadOutlined } from '@ant-design/icons';
import { Alert, Button, Skeleton, Typography } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { PDFDocumentLoadingTask } from 'pdfjs-dist';
import { tr } from '../../i18n/i18n';
import type { PDFDocumentProxy } from './pdfjs';
import './pdf-viewer.css';
import { Placeholder } from '../page-state';

/** A document to show: its bytes (fetched by the caller, with the session) or an address of ours. */
export type PdfSource = { data: Uint8Array } | { url: string };

export interface PdfViewerProps {
  /** Null while the caller is still fetching it: the viewer shows its skeleton. */
  source: PdfSource | null;
  /** What it is, for the viewer's accessible name ("Code of conduct, version 2"). */
  title: string;
  /** The download beside the document. */
  download: { href: string; fileName: string } | null;
  /** Called once per document, when its first page is drawn: the reader has it in front of them. */
  onShown?: () => void;
}

type State =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; doc: PDFDocumentProxy; ratio: number };

const A4 = 297 / 210;

function explain(error: unknown): string {
  const name = (error as { name?: string } | null)?.name;
  if (name === 'InvalidPDFException') return tr('pdf.notPdf');
  if (name === 'ResponseException' || name === 'MissingPDFException') return tr('pdf.notFetched');
  return tr('pdf.notDrawn');
}

/**
 * A PDF drawn in the page with pdf.js (UI.md: a document someone must read is rendered in the page, never framed):
 * each page a canvas at the container's width with pdf.js's text layer over it (selectable, readable by a screen
 * reader), pages drawn only as they come near the screen, a download beside it, a skeleton while it loads and an error
 * with retry. pdf.js itself is imported on first use, so no other page pays for it.
 */
export function PdfViewer({ source, title, download, onShown }: PdfViewerProps) {
  const [state, setState] = useState<State>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [width, setWidth] = useState(0);
  const pagesRef = useRef<HTMLDivElement>(null);
  const shown = useRef(false);
  const onShownRef = useRef(onShown);
  useEffect(() => {
    onShownRef.current = onShown;
  }, [onShown]);
  const pageDrawn = useCallback(() => {
    if (shown.current) return;
    shown.current = true;
    onShownRef.current?.();
  }, []);

  useEffect(() => {
    shown.current = false;
    setState({ status: 'loading' });
    if (!source) return;
    let cancelled = false;
    let task: PDFDocumentLoadingTask | null = null;
    void (async () => {
      try {
        const pdfjs = await import('./pdfjs');
        if (cancelled) return;
        task = pdfjs.openPdf(source);
        const doc = await task.promise;
        const first = await doc.getPage(1);
        const { width: w, height: h } = first.getViewport({ scale: 1 });
        if (!cancelled) setState({ status: 'ready', doc, ratio: h / w });
      } catch (error) {
        if (!cancelled) setState({ status: 'error', message: explain(error) });
      }
    })();
    return () => {
      cancelled = true;
      void task?.destroy();
    };
  }, [source, attempt]);

  const ready = state.status === 'ready';
  useEffect(() => {
    const element = pagesRef.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => setWidth(Math.floor(entry.contentRect.width)));
    observer.observe(element);
    return () => observer.disconnect();
  }, [ready]);

  const pageCount = state.status === 'ready' ? state.doc.numPages : null;
  return (
    <div className="pdf-viewer">
      <div className="pdf-viewer-bar">
        <Typography.Text type="secondary">
          {pageCount === null ? '\u00a0' : pageCount === 1 ? tr('pdf.onePage') : tr('pdf.pages', { count: pageCount })}
        </Typography.Text>
        {download ? (
          <Button
            icon={<DownloadOutlined aria-hidden />}
            href={download.href}
            download={download.fileName}
            style={{ minHeight: 44 }}
          >
            {tr('pdf.download')}
          </Button>
        ) : null}
      </div>
      {state.status === 'loading' ? (
        <div className="pdf-viewer-pages" role="status" aria-label={tr('pdf.loading', { title })}>
          <div className="pdf-page" style={{ aspectRatio: `1 / ${A4}` }}>
            <div className="pdf-page-placeholder">
              <Placeholder title paragraph={{ rows: 10 }} />
            </div>
          </div>
        </div>
      ) : null}
      {state.status === 'error' ? (
        <Alert
          type="error"
          showIcon
          title={tr('pdf.errorTitle')}
          description={tr(download ? 'pdf.retryOrDownload' : 'pdf.retry', { message: state.message })}
          action={<Button onClick={() => setAttempt((n) => n + 1)}>{tr('common.tryAgain')}</Button>}
        />
      ) : null}
      {state.status === 'ready' ? (
        <section className="pdf-viewer-pages" ref={pagesRef} aria-label={title}>
          {Array.from({ length: state.doc.numPages }, (_, i) => (
            <PdfPage
              key={i + 1}
              doc={state.doc}
              number={i + 1}
              count={state.doc.numPages}
              width={width}
              ratio={state.ratio}
              onDrawn={pageDrawn}
            />
          ))}
        </section>
      ) : null}
    </div>
  );
}

/** One page: a placeholder of the page's shape until it nears the screen, then its canvas and text layer. */
function PdfPage({
  doc,
  number,
  count,
  width,
  ratio,
  onDrawn,
}: {
  doc: PDFDocumentProxy;
  number: number;
  count: number;
  width: number;
  ratio: number;
  onDrawn: () => void;
}) {
  const host = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(number === 1);
  const [drawn, setDrawn] = useState(false);
  const [pageRatio, setPageRatio] = useState(ratio);

  useEffect(() => {
    const element = host.current;
    if (near || !element) return;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setNear(true), {
      rootMargin: '800px 0px',
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);

  useEffect(() => {
    const element = host.current;
    if (!near || !element || width <= 0) return;
    let cancelled = false;
    let cancel = () => {};
    void (async () => {
      const { TextLayer } = await import('./pdfjs');
      const page = await doc.getPage(number);
      if (cancelled) return;
      const natural = page.getViewport({ scale: 1 });
      const scale = width / natural.width;
      const viewport = page.getViewport({ scale });
      const pixels = window.devicePixelRatio || 1;
      const canvas = document.createElement('canvas');
      canvas.width = Math.floor(viewport.width * pixels);
      canvas.height = Math.floor(viewport.height * pixels);
      canvas.setAttribute('aria-hidden', 'true');
      const render = page.render({
        canvas,
        viewport,
        transform: pixels === 1 ? undefined : [pixels, 0, 0, pixels, 0, 0],
      });
      cancel = () => render.cancel();
      await render.promise;
      if (cancelled) return;
      const text = document.createElement('div');
      text.className = 'textLayer';
      const layer = new TextLayer({ textContentSource: page.streamTextContent(), container: text, viewport });
      cancel = () => layer.cancel();
      await layer.render();
      if (cancelled) return;
      // The old drawing stays until the new one is ready (no blank flash when the width changes).
      element.style.setProperty('--total-scale-factor', String(scale));
      element.style.setProperty('--scale-factor', String(scale));
      element.replaceChildren(canvas, text);
      setPageRatio(natural.height / natural.width);
      setDrawn(true);
      onDrawn();
    })().catch(() => {
      // A cancelled drawing (the width changed, the page left) is not an error; a page that cannot be drawn keeps its
      // placeholder, and the download is beside it.
    });
    return () => {
      cancelled = true;
      cancel();
    };
  }, [near, width, doc, number, onDrawn]);

  return (
    <div
      className="pdf-page"
      role="group"
      aria-label={tr('pdf.page', { number, count })}
      aria-busy={!drawn}
      style={{ aspectRatio: `1 / ${pageRatio}` }}
    >
      <div ref={host} style={{ position: 'absolute', inset: 0 }} />
      {drawn ? null : (
        <div className="pdf-page-placeholder" aria-hidden>
          <Skeleton active={near} title={false} paragraph={{ rows: 8 }} />
        </div>
      )}
    </div>
  );
}
