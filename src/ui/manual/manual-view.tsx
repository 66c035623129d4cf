import { Typography } from 'antd';
import { useMemo } from 'react';
import Markdown, { type Components } from 'react-markdown';
import type { UserManual } from '../../contracts/main/user-manual.contract';
import { PdfViewer } from '../shared/pdf-viewer/pdf-viewer';

const size = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;

/** The page's title is its one h1: the manual's own headings start one level down (its "#" is an h2). */
const DEMOTED_HEADINGS: Components = {
  h1: ({ node: _node, ...props }) => <h2 {...props} />,
  h2: ({ node: _node, ...props }) => <h3 {...props} />,
  h3: ({ node: _node, ...props }) => <h4 {...props} />,
  h4: ({ node: _node, ...props }) => <h5 {...props} />,
  h5: ({ node: _node, ...props }) => <h6 {...props} />,
};

/**
 * A published manual: Markdown rendered without any raw HTML (skipHtml; react-markdown also drops unsafe link
 * protocols), or the PDF drawn in the page by the shared PDF viewer from its same-origin address, with its download.
 */
export function ManualView({ manual }: { manual: UserManual }) {
  const fileUrl = manual.format === 'PDF' ? manual.fileUrl : null;
  // One source per address: the viewer opens the document again only when the manual changes.
  const source = useMemo(() => (fileUrl ? { url: fileUrl } : null), [fileUrl]);
  if (manual.format === 'MARKDOWN') {
    return (
      <article className="manual-markdown" aria-label="User manual">
        <Markdown skipHtml components={DEMOTED_HEADINGS}>
          {manual.markdown}
        </Markdown>
      </article>
    );
  }
  return (
    <div>
      <Typography.Paragraph type="secondary">
        {manual.fileName} · {size(manual.byteSize)}
      </Typography.Paragraph>
      <PdfViewer source={source} title="User manual" download={{ href: manual.fileUrl, fileName: manual.fileName }} />
    </div>
  );
}
