import { Button, Space, Typography } from 'antd';
import Markdown, { type Components } from 'react-markdown';
import type { UserManual } from '../../contracts/main/user-manual.contract';

const size = (bytes: number) => (bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`);

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
 * protocols), or the PDF in a frame from its same-origin address, with a download link.
 */
export function ManualView({ manual, frameHeight = 720 }: { manual: UserManual; frameHeight?: number }) {
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
    <Space direction="vertical" style={{ width: '100%' }}>
      <Space wrap>
        <Typography.Text>
          {manual.fileName} · {size(manual.byteSize)}
        </Typography.Text>
        <Button href={manual.fileUrl} download={manual.fileName}>
          Download the PDF
        </Button>
        <Button type="link" href={manual.fileUrl} target="_blank" rel="noopener">
          Open in a new tab
        </Button>
      </Space>
      <iframe title="User manual (PDF)" src={manual.fileUrl} style={{ width: '100%', height: frameHeight, border: '1px solid #e5e7eb' }} />
    </Space>
  );
}
