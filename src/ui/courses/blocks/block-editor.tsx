import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Alert, Button, Checkbox, Form, Input, InputNumber, Radio, Space, Typography } from 'antd';
import { observer } from 'mobx-react-lite';
import { useId, type ReactNode } from 'react';
import type { Alignment, BlockType } from '../../../contracts/learning/blocks.contract';
import { LANGUAGE_LABELS } from '../../../domain/courses/course';
import type { BlockDraft } from './block-draft';
import { Field, LANGUAGE_TAGS } from './block-fields';

/** What a file slot of a block holds: a video, an image, a downloadable file, or a video's captions. */
export type FileKind = 'VIDEO' | 'IMAGE' | 'DOCUMENT' | 'CAPTIONS';

export interface FileSlotProps {
  id: string;
  kind: FileKind;
  label: string;
  fileId: string | undefined;
  onChange: (fileId: string | undefined) => void;
}

/**
 * The screen supplies how a file is uploaded (src/ui/courses/uploads); without it the slot says so plainly rather
 * than pretending: the block cannot be saved until it has a file.
 */
export type RenderFileSlot = (props: FileSlotProps) => ReactNode;

function NoUploads({ label }: { label: string }) {
  return (
    <Alert
      type="info"
      showIcon
      title={`${label}: uploading files is not available here yet.`}
      description="The block can be saved once a file is uploaded."
    />
  );
}

interface EditorProps {
  draft: BlockDraft;
  renderFile?: RenderFileSlot;
}

const ALIGNMENT_LABELS: Record<Alignment, string> = { LEFT: 'Left', CENTER: 'Centre', RIGHT: 'Right' };

/** The editor of one block: its type's fields, in the selected language, with alignment where the block displays. */
export const BlockEditor = observer(function BlockEditor({ draft, renderFile }: EditorProps) {
  const id = useId();
  const Editor = EDITORS[draft.type];
  return (
    <Form layout="vertical" component="div" aria-label={`${draft.label} block`}>
      <div lang={LANGUAGE_TAGS[draft.language]}>
        <Editor draft={draft} renderFile={renderFile} />
      </div>
      {draft.aligns ? (
        <Field id={`${id}-align`} label="Alignment">
          <Radio.Group
            id={`${id}-align`}
            optionType="button"
            value={draft.block.alignment}
            onChange={(e) => draft.setAlignment(e.target.value as Alignment)}
            options={(['LEFT', 'CENTER', 'RIGHT'] as const).map((a) => ({ value: a, label: ALIGNMENT_LABELS[a] }))}
          />
        </Field>
      ) : null}
    </Form>
  );
});

/** A word of the selected language: a line or a paragraph. */
const Word = observer(function Word({
  draft,
  field,
  label,
  multiline,
  rows = 4,
  help,
}: {
  draft: BlockDraft;
  field: string;
  label: string;
  multiline?: boolean;
  rows?: number;
  help?: ReactNode;
}) {
  const id = useId();
  const translating = draft.language !== draft.primary;
  const Control = multiline ? Input.TextArea : Input;
  return (
    <Field
      id={id}
      label={translating ? `${label} (${LANGUAGE_LABELS[draft.language]})` : label}
      error={draft.touched ? draft.errorOf(field) : undefined}
      help={help}
      original={translating ? draft.primaryWord(field) : undefined}
    >
      <Control
        id={id}
        value={draft.word(field)}
        onChange={(e) => draft.setWord(field, e.target.value)}
        {...(multiline ? { rows } : {})}
      />
    </Field>
  );
});

const Required = observer(function Required({ draft, label }: { draft: BlockDraft; label: string }) {
  return (
    <Form.Item style={{ marginBottom: 16 }}>
      <Checkbox
        checked={draft.setting<boolean>('required') ?? false}
        onChange={(e) => draft.setSetting('required', e.target.checked)}
      >
        {label}
      </Checkbox>
    </Form.Item>
  );
});

const Scoring = observer(function Scoring({ draft }: { draft: BlockDraft }) {
  const id = useId();
  return (
    <Field id={id} label="Scoring">
      <Radio.Group
        id={id}
        value={draft.setting<string>('scoring')}
        onChange={(e) => draft.setSetting('scoring', e.target.value)}
        options={[
          { value: 'PARTIAL', label: 'Each right part counts' },
          { value: 'ALL_OR_NOTHING', label: 'All must be right' },
        ]}
      />
    </Field>
  );
});

const Explanation = ({ draft }: { draft: BlockDraft }) => (
  <Word draft={draft} field="explanation" label="Explanation shown after answering (optional)" multiline rows={2} />
);

// Choice questions and votes ---------------------------------------------------------------------------------------

const ChoiceEditor = observer(function ChoiceEditor({ draft }: EditorProps) {
  const id = useId();
  const vote = draft.type === 'VOTE';
  const single = draft.isSingleAnswer;
  const options = draft.options;
  const optionsError = draft.touched ? draft.errorOf('options') : undefined;
  return (
    <>
      <Word draft={draft} field="prompt" label="Question" multiline rows={2} />
      <fieldset style={{ border: 0, padding: 0, margin: '0 0 16px' }}>
        <legend style={{ fontSize: 14, marginBottom: 8 }}>
          Options{vote ? '' : single ? ' (mark the one right answer)' : ' (mark every right answer)'}
        </legend>
        {optionsError ? (
          <Typography.Text type="danger" role="alert" style={{ display: 'block', marginBottom: 8 }}>
            {optionsError}
          </Typography.Text>
        ) : null}
        <Space orientation="vertical" style={{ width: '100%' }}>
          {options.map((option, i) => {
            const inputId = `${id}-${option.key}`;
            const name = `Option ${i + 1}`;
            return (
              <div key={option.key} style={{ display: 'flex', gap: 8, alignItems: 'center', flexWrap: 'wrap' }}>
                {vote ? null : single ? (
                  <Radio
                    checked={option.correct === true}
                    onChange={() => draft.setCorrect(option.key, true)}
                    aria-label={`${name} is the right answer`}
                  >
                    Right
                  </Radio>
                ) : (
                  <Checkbox
                    checked={option.correct === true}
                    onChange={(e) => draft.setCorrect(option.key, e.target.checked)}
                    aria-label={`${name} is a right answer`}
                  >
                    Right
                  </Checkbox>
                )}
                <Input
                  id={inputId}
                  aria-label={
                    draft.language !== draft.primary && option.primaryLabel ? `${name} (${option.primaryLabel})` : name
                  }
                  placeholder={draft.language !== draft.primary ? option.primaryLabel : undefined}
                  value={option.label}
                  onChange={(e) => draft.setOptionLabel(option.key, e.target.value)}
                  style={{ flex: '1 1 160px', minWidth: 0 }}
                />
                <Space size={4}>
                  <Button
                    aria-label={`Move ${name.toLowerCase()} up`}
                    icon={<ArrowUpOutlined />}
                    disabled={i === 0}
                    onClick={() => draft.moveOption(option.key, -1)}
                  />
                  <Button
                    aria-label={`Move ${name.toLowerCase()} down`}
                    icon={<ArrowDownOutlined />}
                    disabled={i === options.length - 1}
                    onClick={() => draft.moveOption(option.key, 1)}
                  />
                  <Button
                    aria-label={`Remove ${name.toLowerCase()}`}
                    icon={<DeleteOutlined />}
                    disabled={options.length <= 2}
                    onClick={() => draft.removeOption(option.key)}
                  />
                </Space>
              </div>
            );
          })}
        </Space>
        <Button
          icon={<PlusOutlined />}
          style={{ marginTop: 8 }}
          onClick={() => draft.addOption()}
          disabled={options.length >= 20}
        >
          Add an option
        </Button>
      </fieldset>
      {draft.type === 'MULTIPLE_RESPONSE' || draft.type === 'MULTI_SELECT_QUESTION' ? <Scoring draft={draft} /> : null}
      {vote ? null : <Explanation draft={draft} />}
    </>
  );
});

// Fill in the blank and matching -----------------------------------------------------------------------------------

const FillInBlankEditor = observer(function FillInBlankEditor({ draft }: EditorProps) {
  const id = useId();
  return (
    <>
      <Word
        draft={draft}
        field="sentence"
        label="Sentence"
        multiline
        rows={2}
        help="Write {{blank1}} where a blank goes; each blank once."
      />
      {draft.blanks.map((blank) => (
        <Field
          key={blank.key}
          id={`${id}-${blank.key}`}
          label={`Answers accepted for {{${blank.key}}}, one per line`}
          error={draft.touched ? draft.errorOf(`accepted.${blank.key}`) : undefined}
          help={blank.inSentence ? undefined : `{{${blank.key}}} is not in the sentence yet.`}
        >
          <div style={{ display: 'flex', gap: 8 }}>
            <Input.TextArea
              id={`${id}-${blank.key}`}
              rows={2}
              value={blank.accepted.join('\n')}
              onChange={(e) => draft.setAccepted(blank.key, e.target.value.split('\n'))}
            />
            <Button
              aria-label={`Remove the blank ${blank.key}`}
              icon={<DeleteOutlined />}
              disabled={draft.blanks.length <= 1}
              onClick={() => draft.removeBlank(blank.key)}
            />
          </div>
        </Field>
      ))}
      <Button icon={<PlusOutlined />} onClick={() => draft.addBlank()} style={{ marginBottom: 16 }}>
        Add a blank
      </Button>
      <Scoring draft={draft} />
      <Explanation draft={draft} />
    </>
  );
});

const MatchingEditor = observer(function MatchingEditor({ draft }: EditorProps) {
  const id = useId();
  return (
    <>
      <Word draft={draft} field="prompt" label="Instruction" />
      <fieldset style={{ border: 0, padding: 0, margin: '0 0 16px' }}>
        <legend style={{ fontSize: 14, marginBottom: 8 }}>Pairs (learners see the right column shuffled)</legend>
        <Space orientation="vertical" style={{ width: '100%' }}>
          {draft.pairs.map((pair, i) => (
            <div key={pair.key} style={{ display: 'flex', gap: 8, flexWrap: 'wrap', alignItems: 'center' }}>
              <Input
                id={`${id}-${pair.key}-left`}
                aria-label={`Pair ${i + 1}, left`}
                value={pair.left}
                onChange={(e) => draft.setPair(pair.key, 'left', e.target.value)}
                style={{ flex: '1 1 120px', minWidth: 0 }}
              />
              <span aria-hidden>↔</span>
              <Input
                id={`${id}-${pair.key}-right`}
                aria-label={`Pair ${i + 1}, right`}
                value={pair.right}
                onChange={(e) => draft.setPair(pair.key, 'right', e.target.value)}
                style={{ flex: '1 1 120px', minWidth: 0 }}
              />
              <Button
                aria-label={`Remove pair ${i + 1}`}
                icon={<DeleteOutlined />}
                disabled={draft.pairs.length <= 2}
                onClick={() => draft.removePair(pair.key)}
              />
            </div>
          ))}
        </Space>
        <Button icon={<PlusOutlined />} style={{ marginTop: 8 }} onClick={() => draft.addPair()}>
          Add a pair
        </Button>
      </fieldset>
      <Scoring draft={draft} />
      <Explanation draft={draft} />
    </>
  );
});

// Simple blocks ------------------------------------------------------------------------------------------------------

const CheckboxEditor = ({ draft }: EditorProps) => (
  <>
    <Word draft={draft} field="label" label="Text beside the checkbox" multiline rows={2} />
    <Required draft={draft} label="Learners must tick it to go on" />
  </>
);

const InputBoxEditor = observer(function InputBoxEditor({ draft }: EditorProps) {
  const id = useId();
  return (
    <>
      <Word draft={draft} field="prompt" label="Question" multiline rows={2} />
      <Word draft={draft} field="placeholder" label="Hint inside the box (optional)" />
      <Required draft={draft} label="Learners must answer to go on" />
      <Form.Item style={{ marginBottom: 16 }}>
        <Checkbox
          checked={draft.setting<boolean>('multiline') ?? false}
          onChange={(e) => draft.setSetting('multiline', e.target.checked)}
        >
          Several lines
        </Checkbox>
      </Form.Item>
      <Field
        id={`${id}-max`}
        label="Longest answer, in characters"
        error={draft.touched ? draft.errorOf('maxLength') : undefined}
      >
        <InputNumber
          id={`${id}-max`}
          min={1}
          max={10_000}
          value={draft.setting<number>('maxLength')}
          onChange={(v) => draft.setSetting('maxLength', v ?? undefined)}
        />
      </Field>
    </>
  );
});

const ACCEPT_LABELS = { PDF: 'PDF', IMAGE: 'Images', DOCUMENT: 'Office documents' } as const;

const AskToUploadEditor = observer(function AskToUploadEditor({ draft }: EditorProps) {
  const accept = draft.setting<string[]>('accept') ?? [];
  return (
    <>
      <Word draft={draft} field="prompt" label="What the learner should hand in" multiline rows={2} />
      <Required draft={draft} label="Learners must hand in a file to go on" />
      <fieldset style={{ border: 0, padding: 0, margin: '0 0 16px' }}>
        <legend style={{ fontSize: 14, marginBottom: 8 }}>Files accepted</legend>
        <Checkbox.Group
          value={accept}
          onChange={(values) => draft.setSetting('accept', values)}
          options={(Object.keys(ACCEPT_LABELS) as (keyof typeof ACCEPT_LABELS)[]).map((k) => ({
            value: k,
            label: ACCEPT_LABELS[k],
          }))}
        />
        {draft.touched && draft.errorOf('accept') ? (
          <Typography.Text type="danger">Accept at least one kind of file</Typography.Text>
        ) : null}
      </fieldset>
    </>
  );
});

const TextAreaEditor = ({ draft }: EditorProps) => (
  <Word
    draft={draft}
    field="body"
    label="Text"
    multiline
    rows={6}
    help="Markdown: **bold**, *italic*, lists with -, links as [text](https://...)."
  />
);

const Link = observer(function Link({ draft, label }: { draft: BlockDraft; label: string }) {
  const id = useId();
  return (
    <Field id={id} label={label} error={draft.touched ? draft.errorOf('url') : undefined}>
      <Input
        id={id}
        type="url"
        inputMode="url"
        placeholder="https://"
        value={draft.setting<string>('url') ?? ''}
        onChange={(e) => draft.setSetting('url', e.target.value)}
      />
    </Field>
  );
});

const ResourceEditor = ({ draft }: EditorProps) => (
  <>
    <Word draft={draft} field="title" label="Title" />
    <Word draft={draft} field="description" label="Description (optional)" multiline rows={2} />
    <Link draft={draft} label="Address (https://...)" />
  </>
);

const ButtonEditor = observer(function ButtonEditor({ draft }: EditorProps) {
  const id = useId();
  return (
    <>
      <Word draft={draft} field="label" label="Button text" />
      <Field id={`${id}-action`} label="What it does">
        <Radio.Group
          id={`${id}-action`}
          value={draft.setting<string>('action') ?? 'NEXT'}
          onChange={(e) => draft.setSetting('action', e.target.value)}
          options={[
            { value: 'NEXT', label: 'Goes to the next part' },
            { value: 'LINK', label: 'Opens a link' },
          ]}
        />
      </Field>
      {draft.setting<string>('action') === 'LINK' ? <Link draft={draft} label="Address (https://...)" /> : null}
    </>
  );
});

// Files ---------------------------------------------------------------------------------------------------------------

const FileSlot = observer(function FileSlot({
  draft,
  kind,
  label,
  renderFile,
}: {
  draft: BlockDraft;
  kind: FileKind;
  label: string;
  renderFile?: RenderFileSlot;
}) {
  const id = useId();
  const captions = kind === 'CAPTIONS';
  const fileId = captions ? draft.word('captionsFileId') || undefined : draft.setting<string>('fileId') || undefined;
  const onChange = (value: string | undefined) =>
    captions ? draft.setWord('captionsFileId', value ?? '') : draft.setSetting('fileId', value);
  const error = !captions && draft.touched ? draft.errorOf('fileId') : undefined;
  return (
    <Field id={id} label={label} error={error}>
      {renderFile ? renderFile({ id, kind, label, fileId, onChange }) : <NoUploads label={label} />}
    </Field>
  );
});

const ImageEditor = ({ draft, renderFile }: EditorProps) => (
  <>
    <FileSlot draft={draft} kind="IMAGE" label="Image" renderFile={renderFile} />
    <Word
      draft={draft}
      field="altText"
      label="Alternative text"
      multiline
      rows={2}
      help="What the image shows, for people who cannot see it. Leave it empty only for a decorative image."
    />
    <Word draft={draft} field="caption" label="Caption (optional)" />
  </>
);

const VideoEditor = observer(function VideoEditor({ draft, renderFile }: EditorProps) {
  const id = useId();
  return (
    <>
      <FileSlot draft={draft} kind="VIDEO" label="Video" renderFile={renderFile} />
      <Word draft={draft} field="title" label="Title (optional)" />
      <FileSlot
        draft={draft}
        kind="CAPTIONS"
        label={`Captions in ${LANGUAGE_LABELS[draft.language]} (WebVTT)`}
        renderFile={renderFile}
      />
      <Word
        draft={draft}
        field="transcript"
        label="Transcript"
        multiline
        rows={5}
        help="Everything said and shown, for people who cannot watch or hear the video."
      />
      <Field
        id={`${id}-duration`}
        label="Length in seconds (optional)"
        error={draft.touched ? draft.errorOf('durationSeconds') : undefined}
      >
        <InputNumber
          id={`${id}-duration`}
          min={1}
          max={24 * 3600}
          value={draft.setting<number>('durationSeconds')}
          onChange={(v) => draft.setSetting('durationSeconds', v ?? undefined)}
        />
      </Field>
    </>
  );
});

const UploadResourceEditor = ({ draft, renderFile }: EditorProps) => (
  <>
    <FileSlot draft={draft} kind="DOCUMENT" label="File to download" renderFile={renderFile} />
    <Word draft={draft} field="title" label="Title" />
    <Word draft={draft} field="description" label="Description (optional)" multiline rows={2} />
  </>
);

const EDITORS: Record<BlockType, (props: EditorProps) => ReactNode> = {
  CHECKBOX_WITH_TEXT: CheckboxEditor,
  MULTIPLE_CHOICE: ChoiceEditor,
  MULTIPLE_RESPONSE: ChoiceEditor,
  FILL_IN_BLANK: FillInBlankEditor,
  MATCHING: MatchingEditor,
  INPUT_BOX: InputBoxEditor,
  IMAGE: ImageEditor,
  MULTI_SELECT_QUESTION: ChoiceEditor,
  VIDEO: VideoEditor,
  TEXT_AREA: TextAreaEditor,
  RESOURCE: ResourceEditor,
  UPLOAD_RESOURCE: UploadResourceEditor,
  BUTTON: ButtonEditor,
  SINGLE_SELECT_QUESTION: ChoiceEditor,
  ASK_TO_UPLOAD_RESOURCE: AskToUploadEditor,
  VOTE: ChoiceEditor,
};

/** Exposed for the render test: every type has an editor. */
export const EDITOR_TYPES = Object.keys(EDITORS) as BlockType[];
