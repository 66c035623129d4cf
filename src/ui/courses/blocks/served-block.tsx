import { useId, useRef, type CSSProperties, type ReactNode, type SyntheticEvent } from 'react';
import { BlockMarkdown } from './block-markdown';
import type { BlockAnswer } from '../../../contracts/learning/blocks.contract';
import type { ServedBlock } from '../../../domain/courses/blocks';
import './served-block.css';

/**
 * A served block with the learner's controls, without Ant Design: native radios, checkboxes, selects and fields
 * styled on antd's tokens (served-block.css), like the sign-in pages' light controls. The course player loads it in
 * its own light entry (player-main.tsx, target: the player's JavaScript at most 2x an empty React app); the
 * authors' preview (block-preview.tsx) shows the same controls, so what an author previews is what a learner gets.
 */

/** Where the preview finds a stored file to show (a signed download address), when uploads are available. */
export type FileUrl = (fileId: string) => string | undefined;

const Prompt = ({ children, id }: { children: ReactNode; id?: string }) => (
  <p className="lb-prompt" id={id}>
    {children}
  </p>
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

/** Radios (one answer) or checkboxes (several) in a fieldset named by the prompt. */
function Choices({
  prompt,
  options,
  several,
  chosen,
  disabled,
  onChange,
}: {
  prompt: ReactNode;
  options: readonly { key: string; label: string }[];
  several: boolean;
  chosen: readonly string[] | undefined;
  disabled?: boolean;
  onChange?: (keys: string[]) => void;
}) {
  const name = useId();
  return (
    <fieldset className="lb-fieldset">
      <legend className="lb-prompt">{prompt}</legend>
      <div className="lb-options block-options">
        {options.map((o) => (
          <label key={o.key} className="lb-choice">
            <input
              type={several ? 'checkbox' : 'radio'}
              name={name}
              value={o.key}
              disabled={disabled}
              {...(onChange
                ? {
                    checked: !!chosen?.includes(o.key),
                    onChange: (e) =>
                      onChange(
                        several
                          ? e.target.checked
                            ? [...(chosen ?? []), o.key]
                            : (chosen ?? []).filter((k) => k !== o.key)
                          : [o.key],
                      ),
                  }
                : {})}
            />
            <span>{o.label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** A native select with a first, empty choice that names what to do ("Choose"). */
function Choose({
  labelledBy,
  placeholder,
  options,
  value,
  disabled,
  onChange,
  style,
}: {
  labelledBy: string;
  placeholder: string;
  options: readonly { key: string; label: string }[];
  value?: string;
  disabled?: boolean;
  onChange?: (key: string) => void;
  style?: CSSProperties;
}) {
  return (
    <select
      className="lb-select"
      aria-labelledby={labelledBy}
      disabled={disabled}
      style={style}
      {...(onChange ? { value: value ?? '', onChange: (e) => onChange(e.target.value) } : { defaultValue: '' })}
    >
      <option value="" disabled>
        {placeholder}
      </option>
      {options.map((o) => (
        <option key={o.key} value={o.key}>
          {o.label}
        </option>
      ))}
    </select>
  );
}

/** A served block with its controls; `interaction` makes them the learner's (see BlockInteraction). */
export function ServedBlockView({
  block,
  fileUrl,
  interaction,
}: {
  block: ServedBlock;
  fileUrl?: FileUrl;
  interaction?: BlockInteraction;
}) {
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
        <Choices
          prompt={block.prompt}
          options={block.options}
          several={false}
          chosen={value ? [value] : []}
          disabled={disabled}
          onChange={give ? (keys) => give({ type, choice: keys[0]! }) : undefined}
        />
      );
    }
    case 'MULTIPLE_RESPONSE':
    // A multi-select question is answered the same way: checkboxes (a native multiple select is hard to use by touch
    // and by keyboard).
    case 'MULTI_SELECT_QUESTION': {
      const { type } = block;
      return (
        <Choices
          prompt={block.prompt}
          options={block.options}
          several
          chosen={given && 'choices' in given ? given.choices : []}
          disabled={disabled}
          onChange={give ? (choices) => give({ type, choices }) : undefined}
        />
      );
    }
    case 'SINGLE_SELECT_QUESTION':
      return (
        <>
          <Prompt id={`${id}-q`}>{block.prompt}</Prompt>
          <Choose
            labelledBy={`${id}-q`}
            placeholder="Choose"
            options={block.options}
            value={given && 'choice' in given ? given.choice : undefined}
            disabled={disabled}
            onChange={give ? (choice) => give({ type: 'SINGLE_SELECT_QUESTION', choice }) : undefined}
            style={{ maxWidth: 480 }}
          />
        </>
      );
    case 'FILL_IN_BLANK': {
      const parts = block.sentence.split(/(\{\{[A-Za-z0-9_-]{1,40}\}\})/);
      const blanks = given && 'blanks' in given ? given.blanks : {};
      let n = 0;
      return (
        <p className="lb-sentence">
          {parts.map((part, i) => {
            const match = /^\{\{(.+)\}\}$/.exec(part);
            if (!match) return <span key={i}>{part}</span>;
            n++;
            const key = match[1]!;
            return (
              <input
                key={i}
                className="lb-input lb-blank"
                aria-label={`Blank ${n}`}
                maxLength={200}
                disabled={disabled}
                {...(give
                  ? {
                      value: blanks[key] ?? '',
                      onChange: (e) => give({ type: 'FILL_IN_BLANK', blanks: { ...blanks, [key]: e.target.value } }),
                    }
                  : {})}
              />
            );
          })}
        </p>
      );
    }
    case 'MATCHING':
      return (
        <>
          <Prompt>{block.prompt}</Prompt>
          <div className="lb-matching">
            {block.left.map((left) => (
              <div key={left.key} className="lb-match">
                <span id={`${id}-${left.key}`} style={{ flex: '1 1 140px' }}>
                  {left.label}
                </span>
                <Choose
                  labelledBy={`${id}-${left.key}`}
                  placeholder="Match with"
                  options={block.right}
                  value={given && 'matches' in given ? given.matches[left.key] : undefined}
                  disabled={disabled}
                  style={{ flex: '1 1 160px', minWidth: 0 }}
                  onChange={
                    give
                      ? (v) => {
                          const matches = { ...(given && 'matches' in given ? given.matches : {}) };
                          // One right item matches one left item: taking it elsewhere frees it here.
                          for (const [k, r] of Object.entries(matches)) if (r === v) delete matches[k];
                          give({ type: 'MATCHING', matches: { ...matches, [left.key]: v } });
                        }
                      : undefined
                  }
                />
              </div>
            ))}
          </div>
        </>
      );
    case 'CHECKBOX_WITH_TEXT':
      return (
        <label className="lb-choice">
          <input
            type="checkbox"
            disabled={disabled}
            {...(give
              ? {
                  checked: !!(given && 'checked' in given && given.checked),
                  onChange: (e) => give({ type: 'CHECKBOX_WITH_TEXT', checked: e.target.checked }),
                }
              : {})}
          />
          <span>
            {block.label}
            {block.required && give ? <span className="required-mark"> (required)</span> : null}
          </span>
        </label>
      );
    case 'INPUT_BOX': {
      const text = given && 'text' in given ? given.text : '';
      const control = give
        ? {
            value: text,
            onChange: (e: { target: { value: string } }) => give({ type: 'INPUT_BOX', text: e.target.value }),
          }
        : {};
      return (
        <>
          <Prompt id={`${id}-q`}>
            {block.prompt}
            {block.required && give ? <span className="required-mark"> (required)</span> : null}
          </Prompt>
          {block.multiline ? (
            <>
              <textarea
                className="lb-input"
                aria-labelledby={`${id}-q`}
                aria-describedby={`${id}-count`}
                placeholder={block.placeholder}
                maxLength={block.maxLength}
                rows={3}
                disabled={disabled}
                {...control}
              />
              <div id={`${id}-count`} className="lb-count">
                {text.length}
                {block.maxLength ? ` / ${block.maxLength}` : ''}
              </div>
            </>
          ) : (
            <input
              className="lb-input"
              aria-labelledby={`${id}-q`}
              placeholder={block.placeholder}
              maxLength={block.maxLength}
              disabled={disabled}
              {...control}
            />
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
            <button type="button" className="lb-button" disabled>
              Choose a file ({block.accept.map((a) => ACCEPT_NAMES[a]).join(', ')})
            </button>
          )}
        </>
      );
    case 'TEXT_AREA':
      return <BlockMarkdown className="block-prose">{block.body}</BlockMarkdown>;
    case 'IMAGE': {
      const url = fileUrl?.(block.fileId);
      return (
        <figure style={{ margin: 0 }}>
          {url ? (
            <img src={url} alt={block.altText} style={{ maxWidth: '100%', height: 'auto' }} />
          ) : (
            <div role="img" aria-label={block.altText || 'An image without alternative text'} style={PLACEHOLDER}>
              {block.altText || 'Image without alternative text'}
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
              <span aria-hidden="true">▶ </span>
              {block.title ?? 'Video'}
              {block.durationSeconds ? ` · ${Math.max(1, Math.round(block.durationSeconds / 60))} min` : ''}
            </div>
          )}
          {!block.captionsFileId ? <span className="lb-note">No captions in this language.</span> : null}
          {block.transcript ? (
            <details style={{ marginTop: 8, textAlign: 'left' }}>
              <summary>Transcript</summary>
              <p style={{ whiteSpace: 'pre-wrap', marginTop: 8 }}>{block.transcript}</p>
            </details>
          ) : null}
          {block.transcript && interaction?.video?.onTranscriptRead && !interaction.video.watched ? (
            // In sight under the video, not inside the folded transcript: a learner who cannot watch sees how to go on.
            <div style={{ marginTop: 8, textAlign: 'left' }}>
              <p className="lb-note" style={{ margin: '0 0 8px' }}>
                Cannot watch it? Open the transcript above, read it, then confirm.
              </p>
              <button type="button" className="lb-button" onClick={interaction.video.onTranscriptRead}>
                I have read the transcript
              </button>
            </div>
          ) : null}
          {interaction?.video?.watched ? <span className="lb-note lb-success">Watched</span> : null}
        </figure>
      );
    }
    case 'RESOURCE':
      return (
        <div>
          <a href={block.url} target="_blank" rel="noopener noreferrer">
            {block.title}
          </a>
          {block.description ? <p className="lb-secondary">{block.description}</p> : null}
        </div>
      );
    case 'UPLOAD_RESOURCE': {
      const url = fileUrl?.(block.fileId);
      return (
        <div>
          {url ? (
            <a href={url} download>
              <span aria-hidden="true">⤓ </span>
              {block.title}
            </a>
          ) : (
            <span>{block.title}</span>
          )}
          {block.description ? <p className="lb-secondary">{block.description}</p> : null}
        </div>
      );
    }
    case 'BUTTON':
      return block.action === 'LINK' && block.url ? (
        <a className="lb-button lb-button-primary" href={block.url} target="_blank" rel="noopener noreferrer">
          {block.label}
        </a>
      ) : (
        <button type="button" className="lb-button lb-button-primary" onClick={interaction?.onNext}>
          {block.label}
        </button>
      );
  }
}

/**
 * A video that tells the player what was watched: positions while playing, seeks, pauses; it starts where the
 * learner left off. Captions are the author's, in this language.
 */
function PlayedVideo({
  url,
  captions,
  label,
  events,
}: {
  url: string;
  captions?: string;
  label: string;
  events?: VideoEvents;
}) {
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
        onPause: (e: SyntheticEvent<HTMLVideoElement>) =>
          events.onPause(e.currentTarget.currentTime, duration(e.currentTarget)),
        onEnded: (e: SyntheticEvent<HTMLVideoElement>) => {
          const v = e.currentTarget;
          events.onPosition(v.currentTime, duration(v));
          events.onPause(v.currentTime, duration(v));
        },
      }
    : {};
  return (
    <video
      ref={ref}
      controls
      preload="metadata"
      src={url}
      style={{ maxWidth: '100%', width: '100%' }}
      aria-label={label}
      {...handlers}
    >
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
