import { DownloadOutlined, FileImageOutlined, LinkOutlined, PlayCircleOutlined, UploadOutlined } from '@ant-design/icons';
import { Alert, Button, Checkbox, Input, Radio, Select, Space, Typography } from 'antd';
import { useId, type CSSProperties, type ReactNode } from 'react';
import Markdown from 'react-markdown';
import type { LessonBlock } from '../../../contracts/learning/blocks.contract';
import { learnerBlock, type ServedBlock } from '../../../domain/courses/blocks';
import { LANGUAGE_LABELS, type CourseLanguage } from '../../../domain/courses/course';
import { LANGUAGE_TAGS } from './block-fields';

/** Where the preview finds a stored file to show (a signed download address), when uploads are available. */
export type FileUrl = (fileId: string) => string | undefined;

const ALIGN: Record<LessonBlock['alignment'], CSSProperties['textAlign']> = { LEFT: 'left', CENTER: 'center', RIGHT: 'right' };

/**
 * A block as the learner will see it in a language: served by the domain's `learnerBlock` (the words of that
 * language, or of the primary one when the translation is incomplete; never the answers), with the controls the
 * learner will use. Nothing is recorded: it is a preview.
 */
export function BlockPreview({
  block,
  language,
  primary,
  fileUrl,
  seed = 'preview',
}: {
  block: LessonBlock;
  language: CourseLanguage;
  primary: CourseLanguage;
  fileUrl?: FileUrl;
  seed?: string;
}) {
  const served = learnerBlock(block, language, primary, seed);
  const lang = LANGUAGE_TAGS[served.language ?? language];
  return (
    <div className="block-preview" style={{ textAlign: ALIGN[served.alignment], marginBottom: 16 }}>
      {served.fallback ? (
        <Typography.Text type="secondary" style={{ display: 'block', fontSize: 13, marginBottom: 4, textAlign: 'left' }}>
          Shown in the primary language ({LANGUAGE_LABELS[primary]}): the {LANGUAGE_LABELS[language]} translation is not complete.
        </Typography.Text>
      ) : null}
      <div lang={lang}>
        <Served block={served} fileUrl={fileUrl} />
      </div>
    </div>
  );
}

const Prompt = ({ children, id }: { children: ReactNode; id?: string }) => (
  <Typography.Paragraph strong id={id} style={{ marginBottom: 8 }}>
    {children}
  </Typography.Paragraph>
);

function Served({ block, fileUrl }: { block: ServedBlock; fileUrl?: FileUrl }) {
  const id = useId();
  switch (block.type) {
    case 'MULTIPLE_CHOICE':
    case 'VOTE':
      return (
        <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
          <legend style={{ fontWeight: 600, marginBottom: 8 }}>{block.prompt}</legend>
          <Radio.Group style={{ display: 'flex', flexDirection: 'column', gap: 8 }} options={block.options.map((o) => ({ value: o.key, label: o.label }))} />
        </fieldset>
      );
    case 'MULTIPLE_RESPONSE':
      return (
        <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
          <legend style={{ fontWeight: 600, marginBottom: 8 }}>{block.prompt}</legend>
          <Checkbox.Group style={{ display: 'flex', flexDirection: 'column', gap: 8 }} options={block.options.map((o) => ({ value: o.key, label: o.label }))} />
        </fieldset>
      );
    case 'SINGLE_SELECT_QUESTION':
    case 'MULTI_SELECT_QUESTION':
      return (
        <>
          <Prompt id={`${id}-q`}>{block.prompt}</Prompt>
          <Select
            aria-labelledby={`${id}-q`}
            mode={block.type === 'MULTI_SELECT_QUESTION' ? 'multiple' : undefined}
            placeholder="Choose"
            style={{ width: '100%', maxWidth: 480, textAlign: 'left' }}
            options={block.options.map((o) => ({ value: o.key, label: o.label }))}
          />
        </>
      );
    case 'FILL_IN_BLANK': {
      const parts = block.sentence.split(/(\{\{[A-Za-z0-9_-]{1,40}\}\})/);
      let n = 0;
      return (
        <Typography.Paragraph>
          {parts.map((part, i) => {
            const match = /^\{\{(.+)\}\}$/.exec(part);
            if (!match) return <span key={i}>{part}</span>;
            n++;
            return <Input key={i} aria-label={`Blank ${n}`} style={{ width: 160, margin: '0 4px' }} />;
          })}
        </Typography.Paragraph>
      );
    }
    case 'MATCHING':
      return (
        <>
          <Prompt>{block.prompt}</Prompt>
          <Space orientation="vertical" style={{ width: '100%' }}>
            {block.left.map((left) => (
              <div key={left.key} style={{ display: 'flex', gap: 8, flexWrap: 'wrap', alignItems: 'center' }}>
                <span id={`${id}-${left.key}`} style={{ flex: '1 1 140px' }}>
                  {left.label}
                </span>
                <Select
                  aria-labelledby={`${id}-${left.key}`}
                  placeholder="Match with"
                  style={{ flex: '1 1 160px', minWidth: 0, textAlign: 'left' }}
                  options={block.right.map((r) => ({ value: r.key, label: r.label }))}
                />
              </div>
            ))}
          </Space>
        </>
      );
    case 'CHECKBOX_WITH_TEXT':
      return <Checkbox>{block.label}</Checkbox>;
    case 'INPUT_BOX':
      return (
        <>
          <Prompt id={`${id}-q`}>{block.prompt}</Prompt>
          {block.multiline ? (
            <Input.TextArea aria-labelledby={`${id}-q`} placeholder={block.placeholder} maxLength={block.maxLength} showCount rows={3} />
          ) : (
            <Input aria-labelledby={`${id}-q`} placeholder={block.placeholder} maxLength={block.maxLength} />
          )}
        </>
      );
    case 'ASK_TO_UPLOAD_RESOURCE':
      return (
        <>
          <Prompt>{block.prompt}</Prompt>
          <Button icon={<UploadOutlined />} disabled>
            Choose a file ({block.accept.map((a) => ACCEPT_NAMES[a]).join(', ')})
          </Button>
        </>
      );
    case 'TEXT_AREA':
      return (
        <div className="block-prose">
          <Markdown>{block.body}</Markdown>
        </div>
      );
    case 'IMAGE': {
      const url = fileUrl?.(block.fileId);
      return (
        <figure style={{ margin: 0 }}>
          {url ? (
            <img src={url} alt={block.altText} style={{ maxWidth: '100%', height: 'auto' }} />
          ) : (
            <div role="img" aria-label={block.altText || 'An image without alternative text'} style={PLACEHOLDER}>
              <FileImageOutlined aria-hidden /> {block.altText || 'Image without alternative text'}
            </div>
          )}
          {block.caption ? <figcaption style={{ marginTop: 4 }}>{block.caption}</figcaption> : null}
        </figure>
      );
    }
    case 'VIDEO': {
      const url = fileUrl?.(block.fileId);
      const captions = block.captionsFileId ? fileUrl?.(block.captionsFileId) : undefined;
      return (
        <figure style={{ margin: 0 }}>
          {block.title ? <Prompt>{block.title}</Prompt> : null}
          {url ? (
            <video controls preload="metadata" src={url} style={{ maxWidth: '100%' }} aria-label={block.title ?? 'Video'}>
              {captions ? <track kind="captions" src={captions} default /> : null}
            </video>
          ) : (
            <div style={PLACEHOLDER}>
              <PlayCircleOutlined aria-hidden /> {block.title ?? 'Video'}
              {block.durationSeconds ? ` · ${Math.max(1, Math.round(block.durationSeconds / 60))} min` : ''}
            </div>
          )}
          {!block.captionsFileId ? (
            <Typography.Text type="secondary" style={{ display: 'block', fontSize: 13 }}>
              No captions in this language.
            </Typography.Text>
          ) : null}
          {block.transcript ? (
            <details style={{ marginTop: 8, textAlign: 'left' }}>
              <summary>Transcript</summary>
              <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginTop: 8 }}>{block.transcript}</Typography.Paragraph>
            </details>
          ) : null}
        </figure>
      );
    }
    case 'RESOURCE':
      return (
        <div>
          <a href={block.url} target="_blank" rel="noopener noreferrer">
            <LinkOutlined aria-hidden /> {block.title}
          </a>
          {block.description ? <Typography.Paragraph type="secondary">{block.description}</Typography.Paragraph> : null}
        </div>
      );
    case 'UPLOAD_RESOURCE': {
      const url = fileUrl?.(block.fileId);
      return (
        <div>
          {url ? (
            <a href={url} download>
              <DownloadOutlined aria-hidden /> {block.title}
            </a>
          ) : (
            <span>
              <DownloadOutlined aria-hidden /> {block.title}
            </span>
          )}
          {block.description ? <Typography.Paragraph type="secondary">{block.description}</Typography.Paragraph> : null}
        </div>
      );
    }
    case 'BUTTON':
      return block.action === 'LINK' && block.url ? (
        <Button type="primary" href={block.url} target="_blank" rel="noopener noreferrer">
          {block.label}
        </Button>
      ) : (
        <Button type="primary">{block.label}</Button>
      );
  }
}

const ACCEPT_NAMES: Record<string, string> = { PDF: 'PDF', IMAGE: 'image', DOCUMENT: 'office document' };

const PLACEHOLDER: CSSProperties = {
  display: 'inline-block',
  padding: '32px 24px',
  background: '#f0f2f5',
  border: '1px dashed #8c8c8c',
  borderRadius: 8,
  color: 'rgba(0, 0, 0, 0.75)',
  maxWidth: '100%',
};

/** A message under the preview when nothing can be shown yet. */
export function EmptyPreview() {
  return <Alert type="info" showIcon title="Nothing to preview yet: write the block's words first." />;
}
