import { DownloadOutlined, FileImageOutlined, LinkOutlined, PlayCircleOutlined, UploadOutlined } from '@ant-design/icons';
import { Alert, Button, Checkbox, Input, Radio, Select, Space, Typography } from 'antd';
import { useId, useRef, type CSSProperties, type ReactNode, type SyntheticEvent } from 'react';
import Markdown from 'react-markdown';
import type { BlockAnswer, LessonBlock } from '../../../contracts/learning/blocks.contract';
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
        <ServedBlockView block={served} fileUrl={fileUrl} />
      </div>
    </div>
  );
}

const Prompt = ({ children, id }: { children: ReactNode; id?: string }) => (
  <Typography.Paragraph strong id={id} style={{ marginBottom: 8 }}>
    {children}
  </Typography.Paragraph>
);

/**
 * What the learner's player adds to a block: the answer given so far and where a new one goes (controlled), and a
 * video's events. Without it the block is a preview: its controls work but nothing is kept.
 */
export interface BlockInteraction {
  answer: BlockAnswer | undefined;
  onAnswer: (answer: BlockAnswer) => void;
  disabled?: boolean;
  /** The BUTTON block's "next". */
  onNext?: () => void;
  /** The ASK_TO_UPLOAD_RESOURCE block's file picker, progress and the file handed in (the player's). */
  fileInput?: ReactNode;
  video?: VideoEvents;
}

export interface VideoEvents {
  /** Where to start playing (the saved position). */
  resumeAt: number;
  onPosition: (seconds: number, duration: number | undefined) => void;
  onSeeked: (seconds: number) => void;
  onPause: (seconds: number, duration: number | undefined) => void;
  /** The learner read the transcript instead of watching; absent: not offered. */
  onTranscriptRead?: () => void;
  watched: boolean;
}

const duration = (v: HTMLVideoElement) => (Number.isFinite(v.duration) ? v.duration : undefined);

/** A served block with its controls; `interaction` makes them the learner's (see BlockInteraction). */
export function ServedBlockView({ block, fileUrl, interaction }: { block: ServedBlock; fileUrl?: FileUrl; interaction?: BlockInteraction }) {
  const id = useId();
  const given = interaction?.answer;
  const give = interaction?.onAnswer;
  const disabled = interaction?.disabled;
  switch (block.type) {
    case 'MULTIPLE_CHOICE':
    case 'VOTE': {
      const type = block.type;
      const value = given && 'choice' in given ? given.choice : undefined;
      return (
        <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
          <legend style={{ fontWeight: 600, marginBottom: 8 }}>{block.prompt}</legend>
          <Radio.Group
            className="block-options"
            style={{ display: 'flex', flexDirection: 'column', gap: 8 }}
            options={block.options.map((o) => ({ value: o.key, label: o.label }))}
            {...(give ? { value: value ?? null, disabled, onChange: (e) => give({ type, choice: e.target.value as string }) } : {})}
          />
        </fieldset>
      );
    }
    case 'MULTIPLE_RESPONSE': {
      const value = given && 'choices' in given ? given.choices : [];
      return (
        <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
          <legend style={{ fontWeight: 600, marginBottom: 8 }}>{block.prompt}</legend>
          <Checkbox.Group
            className="block-options"
            style={{ display: 'flex', flexDirection: 'column', gap: 8 }}
            options={block.options.map((o) => ({ value: o.key, label: o.label }))}
            {...(give ? { value, disabled, onChange: (v) => give({ type: 'MULTIPLE_RESPONSE', choices: v as string[] }) } : {})}
          />
        </fieldset>
      );
    }
    case 'SINGLE_SELECT_QUESTION':
    case 'MULTI_SELECT_QUESTION': {
      const several = block.type === 'MULTI_SELECT_QUESTION';
      const value = given && 'choice' in given ? given.choice : given && 'choices' in given ? given.choices : several ? [] : undefined;
      return (
        <>
          <Prompt id={`${id}-q`}>{block.prompt}</Prompt>
          <Select
            aria-labelledby={`${id}-q`}
            mode={several ? 'multiple' : undefined}
            placeholder="Choose"
            style={{ width: '100%', maxWidth: 480, textAlign: 'left' }}
            options={block.options.map((o) => ({ value: o.key, label: o.label }))}
            {...(give
              ? {
                  value,
                  disabled,
                  onChange: (v: string | string[]) =>
                    give(several ? { type: 'MULTI_SELECT_QUESTION', choices: v as string[] } : { type: 'SINGLE_SELECT_QUESTION', choice: v as string }),
                }
              : {})}
          />
        </>
      );
    }
    case 'FILL_IN_BLANK': {
      const parts = block.sentence.split(/(\{\{[A-Za-z0-9_-]{1,40}\}\})/);
      const blanks = given && 'blanks' in given ? given.blanks : {};
      let n = 0;
      return (
        <Typography.Paragraph>
          {parts.map((part, i) => {
            const match = /^\{\{(.+)\}\}$/.exec(part);
            if (!match) return <span key={i}>{part}</span>;
            n++;
            const key = match[1]!;
            return (
              <Input
                key={i}
                aria-label={`Blank ${n}`}
                style={{ width: 160, maxWidth: '100%', margin: '0 4px' }}
                {...(give
                  ? { value: blanks[key] ?? '', disabled, maxLength: 200, onChange: (e) => give({ type: 'FILL_IN_BLANK', blanks: { ...blanks, [key]: e.target.value } }) }
                  : {})}
              />
            );
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
                  {...(give
                    ? {
                        value: given && 'matches' in given ? given.matches[left.key] : undefined,
                        disabled,
                        onChange: (v: string) => {
                          const matches = { ...(given && 'matches' in given ? given.matches : {}) };
                          // One right item matches one left item: taking it elsewhere frees it here.
                          for (const [k, r] of Object.entries(matches)) if (r === v) delete matches[k];
                          give({ type: 'MATCHING', matches: { ...matches, [left.key]: v } });
                        },
                      }
                    : {})}
                />
              </div>
            ))}
          </Space>
        </>
      );
    case 'CHECKBOX_WITH_TEXT':
      return (
        <Checkbox
          {...(give
            ? { checked: !!(given && 'checked' in given && given.checked), disabled, onChange: (e) => give({ type: 'CHECKBOX_WITH_TEXT', checked: e.target.checked }) }
            : {})}
        >
          {block.label}
          {block.required && give ? <span className="required-mark"> (required)</span> : null}
        </Checkbox>
      );
    case 'INPUT_BOX': {
      const control = give
        ? { value: given && 'text' in given ? given.text : '', disabled, onChange: (e: { target: { value: string } }) => give({ type: 'INPUT_BOX', text: e.target.value }) }
        : {};
      return (
        <>
          <Prompt id={`${id}-q`}>
            {block.prompt}
            {block.required && give ? <span className="required-mark"> (required)</span> : null}
          </Prompt>
          {block.multiline ? (
            <Input.TextArea aria-labelledby={`${id}-q`} placeholder={block.placeholder} maxLength={block.maxLength} showCount rows={3} {...control} />
          ) : (
            <Input aria-labelledby={`${id}-q`} placeholder={block.placeholder} maxLength={block.maxLength} {...control} />
          )}
        </>
      );
    }
    case 'ASK_TO_UPLOAD_RESOURCE':
      return (
        <>
          <Prompt>
            {block.prompt}
            {block.required && interaction?.fileInput ? <span className="required-mark"> (required)</span> : null}
          </Prompt>
          {interaction?.fileInput ?? (
            <Button icon={<UploadOutlined />} disabled>
              Choose a file ({block.accept.map((a) => ACCEPT_NAMES[a]).join(', ')})
            </Button>
          )}
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
            <PlayedVideo url={url} captions={captions} label={block.title ?? 'Video'} events={interaction?.video} />
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
              {interaction?.video?.onTranscriptRead && !interaction.video.watched ? (
                <Button onClick={interaction.video.onTranscriptRead}>I have read the transcript</Button>
              ) : null}
            </details>
          ) : null}
          {interaction?.video?.watched ? (
            <Typography.Text type="success" style={{ display: 'block', fontSize: 13, marginTop: 4 }}>
              Watched
            </Typography.Text>
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
        <Button type="primary" onClick={interaction?.onNext}>
          {block.label}
        </Button>
      );
  }
}

/**
 * A video that tells the player what was watched: positions while playing, seeks, pauses; it starts where the
 * learner left off. Captions are the author's, in this language.
 */
function PlayedVideo({ url, captions, label, events }: { url: string; captions?: string; label: string; events?: VideoEvents }) {
  const ref = useRef<HTMLVideoElement>(null);
  const resumed = useRef(false);
  const seeking = useRef(false);
  const handlers = events
    ? {
        onLoadedMetadata: (e: SyntheticEvent<HTMLVideoElement>) => {
          const v = e.currentTarget;
          if (!resumed.current && events.resumeAt > 0 && events.resumeAt < (duration(v) ?? Infinity)) {
            seeking.current = true;
            v.currentTime = events.resumeAt;
          }
          resumed.current = true;
        },
        onTimeUpdate: (e: SyntheticEvent<HTMLVideoElement>) => {
          const v = e.currentTarget;
          if (!v.paused && !v.seeking && !seeking.current) events.onPosition(v.currentTime, duration(v));
        },
        onSeeking: () => {
          seeking.current = true;
        },
        onSeeked: (e: SyntheticEvent<HTMLVideoElement>) => {
          seeking.current = false;
          events.onSeeked(e.currentTarget.currentTime);
        },
        onPause: (e: SyntheticEvent<HTMLVideoElement>) => events.onPause(e.currentTarget.currentTime, duration(e.currentTarget)),
        onEnded: (e: SyntheticEvent<HTMLVideoElement>) => {
          const v = e.currentTarget;
          events.onPosition(v.currentTime, duration(v));
          events.onPause(v.currentTime, duration(v));
        },
      }
    : {};
  return (
    <video ref={ref} controls preload="metadata" src={url} style={{ maxWidth: '100%', width: '100%' }} aria-label={label} {...handlers}>
      {captions ? <track kind="captions" src={captions} default label="Captions" /> : null}
    </video>
  );
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
