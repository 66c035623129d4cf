import { makeAutoObservable } from 'mobx';
import {
  BLANK_PATTERN,
  LessonBlock,
  type Alignment,
  type BlockType,
  type LessonBlockOf,
} from '../../../contracts/learning/blocks.contract';
import { DISPLAY_TYPES, missingTranslation, publishWarnings, type BlockWarning } from '../../../domain/courses/blocks';
import type { CourseLanguage } from '../../../domain/courses/course';

/**
 * The editing logic of one lesson or quiz block, framework-free apart from MobX: the author edits the structure
 * (options and which are right, blanks, pairs, files, settings) once and the words in the selected language; the
 * other languages' words are kept as they are. `output()` is the block as the contract takes it (blank optional
 * words dropped, languages with no words at all left out), and `errors` are the contract's own complaints keyed by
 * field path, so the editor shows the server's rule before the server is asked.
 */

export const BLOCK_TYPE_LABELS: Record<BlockType, string> = {
  CHECKBOX_WITH_TEXT: 'Checkbox with text',
  MULTIPLE_CHOICE: 'Multiple choice',
  MULTIPLE_RESPONSE: 'Multiple response',
  FILL_IN_BLANK: 'Fill in the blank',
  MATCHING: 'Matching',
  INPUT_BOX: 'Input box',
  IMAGE: 'Image',
  MULTI_SELECT_QUESTION: 'Multi-select question',
  VIDEO: 'Video',
  TEXT_AREA: 'Text',
  RESOURCE: 'Link to a resource',
  UPLOAD_RESOURCE: 'Downloadable file',
  BUTTON: 'Button',
  SINGLE_SELECT_QUESTION: 'Single-select question',
  ASK_TO_UPLOAD_RESOURCE: 'Ask the learner for a file',
  VOTE: 'Vote',
};

/** One sentence per type for the block picker. */
export const BLOCK_TYPE_HINTS: Record<BlockType, string> = {
  CHECKBOX_WITH_TEXT: 'A box the learner ticks, such as "I have read the policy".',
  MULTIPLE_CHOICE: 'A question with one right answer among radio buttons.',
  MULTIPLE_RESPONSE: 'A question with one or more right answers among checkboxes.',
  FILL_IN_BLANK: 'A sentence with blanks the learner types into.',
  MATCHING: 'Pairs the learner matches, left to right.',
  INPUT_BOX: 'A free answer the learner types; kept, never scored.',
  IMAGE: 'A picture, with alternative text for people who cannot see it.',
  MULTI_SELECT_QUESTION: 'Like multiple response, shown as a list to pick from.',
  VIDEO: 'A video with captions and a transcript.',
  TEXT_AREA: 'Paragraphs of text (Markdown).',
  RESOURCE: 'A link to read elsewhere.',
  UPLOAD_RESOURCE: 'A file learners download, such as a PDF handbook.',
  BUTTON: 'A button to the next part or to a link.',
  SINGLE_SELECT_QUESTION: 'Like multiple choice, shown as a drop-down.',
  ASK_TO_UPLOAD_RESOURCE: 'The learner hands in a file, such as a signed form.',
  VOTE: 'A poll with no right answer; you see the counts.',
};

export const CHOICE_TYPES = [
  'MULTIPLE_CHOICE',
  'SINGLE_SELECT_QUESTION',
  'MULTIPLE_RESPONSE',
  'MULTI_SELECT_QUESTION',
  'VOTE',
] as const;
export type ChoiceType = (typeof CHOICE_TYPES)[number];
export const SINGLE_ANSWER_TYPES: readonly BlockType[] = ['MULTIPLE_CHOICE', 'SINGLE_SELECT_QUESTION'];

export function isChoiceType(type: BlockType): type is ChoiceType {
  return (CHOICE_TYPES as readonly string[]).includes(type);
}

/** A new block of a type, as the picker adds it: the fewest parts the contract accepts, no words yet. */
export function newBlock(type: BlockType): LessonBlock {
  const base = { alignment: 'LEFT' as const, texts: {} };
  switch (type) {
    case 'MULTIPLE_CHOICE':
    case 'SINGLE_SELECT_QUESTION':
      return {
        ...base,
        type,
        options: [
          { key: 'a', correct: true },
          { key: 'b', correct: false },
        ],
      };
    case 'MULTIPLE_RESPONSE':
    case 'MULTI_SELECT_QUESTION':
      return {
        ...base,
        type,
        scoring: 'ALL_OR_NOTHING',
        options: [
          { key: 'a', correct: true },
          { key: 'b', correct: false },
        ],
      };
    case 'VOTE':
      return { ...base, type, options: [{ key: 'a' }, { key: 'b' }] };
    case 'FILL_IN_BLANK':
      return { ...base, type, scoring: 'PARTIAL', blanks: [{ key: 'blank1' }] };
    case 'MATCHING':
      return { ...base, type, scoring: 'PARTIAL', pairs: [{ key: 'p1' }, { key: 'p2' }] };
    case 'CHECKBOX_WITH_TEXT':
      return { ...base, type, required: true };
    case 'INPUT_BOX':
      return { ...base, type, required: false, multiline: false, maxLength: 1_000 };
    case 'ASK_TO_UPLOAD_RESOURCE':
      return { ...base, type, required: true, accept: ['PDF', 'IMAGE', 'DOCUMENT'] };
    case 'IMAGE':
    case 'VIDEO':
    case 'UPLOAD_RESOURCE':
      return { ...base, type, fileId: '' };
    case 'RESOURCE':
      return { ...base, type, url: '' };
    case 'BUTTON':
      return { ...base, type, action: 'NEXT' };
    case 'TEXT_AREA':
      return { ...base, type };
  }
}

/** The words a language's text of each type must hold (strict schemas): created when the author first types. */
function emptyText(type: BlockType): Record<string, unknown> {
  switch (type) {
    case 'MULTIPLE_CHOICE':
    case 'SINGLE_SELECT_QUESTION':
    case 'MULTIPLE_RESPONSE':
    case 'MULTI_SELECT_QUESTION':
    case 'VOTE':
      return { prompt: '', options: {} };
    case 'FILL_IN_BLANK':
      return { sentence: '', accepted: {} };
    case 'MATCHING':
      return { prompt: '', pairs: {} };
    case 'IMAGE':
      return { altText: '' };
    default:
      return {};
  }
}

const isBlank = (value: unknown): boolean => {
  if (value === undefined || value === null) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.every(isBlank);
  if (typeof value === 'object') return Object.values(value).every(isBlank);
  return false;
};

/** A language's words as the contract takes them: blank optional lines dropped, accepted answers without blanks. */
function cleanText(type: BlockType, text: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(text)) {
    if (field === 'accepted' && type === 'FILL_IN_BLANK') {
      const accepted: Record<string, string[]> = {};
      for (const [key, answers] of Object.entries(value as Record<string, string[]>)) {
        const kept = answers.map((a) => a.trim()).filter((a) => a !== '');
        if (kept.length) accepted[key] = kept;
      }
      out[field] = accepted;
    } else if (typeof value === 'string' && value.trim() === '' && OPTIONAL_FIELDS.has(field)) {
      continue;
    } else {
      out[field] = value;
    }
  }
  return out;
}

/** Optional words of the schemas: a blank one is left out rather than stored as ''. */
const OPTIONAL_FIELDS = new Set([
  'placeholder',
  'caption',
  'title',
  'description',
  'transcript',
  'explanation',
  'captionsFileId',
]);

function nextKey(taken: readonly string[], prefix: string | null): string {
  if (prefix === null) {
    for (const letter of 'abcdefghijklmnopqrstuvwxyz') if (!taken.includes(letter)) return letter;
    prefix = 'o';
  }
  for (let n = 1; ; n++) if (!taken.includes(`${prefix}${n}`)) return `${prefix}${n}`;
}

type Texts = Partial<Record<CourseLanguage, Record<string, unknown>>>;
/** The block while it is edited: the contract's shape, loosely typed where words are written field by field. */
type Editable = LessonBlock & { texts: Texts };

export class BlockDraft {
  block: Editable;
  language: CourseLanguage;
  /** Whether the author has tried to save (errors show from then on). */
  touched = false;

  constructor(
    block: LessonBlock,
    readonly primary: CourseLanguage,
    public languages: readonly CourseLanguage[] = [primary],
    language: CourseLanguage = primary,
  ) {
    this.block = JSON.parse(JSON.stringify(block)) as Editable;
    this.language = language;
    makeAutoObservable<BlockDraft>(this, { primary: false }, { autoBind: true });
  }

  get type(): BlockType {
    return this.block.type;
  }

  get label(): string {
    return BLOCK_TYPE_LABELS[this.block.type];
  }

  /** Whether alignment matters for this type (it displays something). */
  get aligns(): boolean {
    return DISPLAY_TYPES.includes(this.block.type);
  }

  get isSingleAnswer(): boolean {
    return SINGLE_ANSWER_TYPES.includes(this.block.type);
  }

  /** The selected language's words ({} when none written yet). */
  get text(): Record<string, unknown> {
    return this.block.texts[this.language] ?? {};
  }

  /** A word of the selected language as a string, '' when not written. */
  word(field: string): string {
    const value = this.text[field];
    return typeof value === 'string' ? value : '';
  }

  /** The primary language's word for a field, shown under a translation as what to translate. */
  primaryWord(field: string): string {
    const value = this.block.texts[this.primary]?.[field];
    return typeof value === 'string' ? value : '';
  }

  setLanguage(language: CourseLanguage): void {
    this.language = language;
  }

  setAlignment(alignment: Alignment): void {
    this.block.alignment = alignment;
  }

  private ensureText(): Record<string, unknown> {
    const texts = this.block.texts;
    if (!texts[this.language]) texts[this.language] = emptyText(this.block.type);
    return texts[this.language]!;
  }

  /** Sets a word of the selected language (prompt, label, body, title, altText ...). */
  setWord(field: string, value: string): void {
    this.ensureText()[field] = value;
  }

  /** Sets a structural setting shared by every language (required, multiline, maxLength, url, action, fileId ...). */
  setSetting(
    field:
      'required' | 'multiline' | 'maxLength' | 'url' | 'action' | 'fileId' | 'durationSeconds' | 'scoring' | 'accept',
    value: unknown,
  ): void {
    const block = this.block as unknown as Record<string, unknown>;
    if (value === undefined || value === '' || value === null) {
      if (field === 'url' || field === 'fileId') block[field] = '';
      else delete block[field];
    } else {
      block[field] = value;
    }
  }

  setting<T>(field: string): T | undefined {
    return (this.block as unknown as Record<string, unknown>)[field] as T | undefined;
  }

  // Options (choice questions and votes) ---------------------------------------------------------------------------

  get options(): { key: string; correct?: boolean; label: string; primaryLabel: string }[] {
    if (!isChoiceType(this.block.type)) return [];
    const block = this.block as LessonBlockOf<ChoiceType>;
    const labels = (this.text.options ?? {}) as Record<string, string>;
    const primary = (this.block.texts[this.primary]?.options ?? {}) as Record<string, string>;
    return block.options.map((o) => ({ ...o, label: labels[o.key] ?? '', primaryLabel: primary[o.key] ?? '' }));
  }

  addOption(): string | null {
    if (!isChoiceType(this.block.type)) return null;
    const block = this.block as LessonBlockOf<ChoiceType>;
    if (block.options.length >= 20) return null;
    const key = nextKey(
      block.options.map((o) => o.key),
      null,
    );
    (block.options as { key: string; correct?: boolean }[]).push(
      block.type === 'VOTE' ? { key } : { key, correct: false },
    );
    return key;
  }

  /** Removes an option from the structure and from every language's words. */
  removeOption(key: string): void {
    if (!isChoiceType(this.block.type)) return;
    const block = this.block as LessonBlockOf<ChoiceType>;
    (block as { options: unknown[] }).options = block.options.filter((o) => o.key !== key);
    for (const text of Object.values(this.block.texts)) {
      const options = text?.options as Record<string, string> | undefined;
      if (options) delete options[key];
    }
  }

  setOptionLabel(key: string, label: string): void {
    const text = this.ensureText();
    text.options = { ...((text.options ?? {}) as Record<string, string>), [key]: label };
  }

  /** Marks an option right or wrong; a single-answer question keeps exactly one right option. */
  setCorrect(key: string, correct: boolean): void {
    if (!isChoiceType(this.block.type) || this.block.type === 'VOTE') return;
    const options = (this.block as unknown as { options: { key: string; correct: boolean }[] }).options;
    for (const option of options) {
      if (option.key === key) option.correct = correct;
      else if (this.isSingleAnswer && correct) option.correct = false;
    }
  }

  moveOption(key: string, by: -1 | 1): void {
    if (!isChoiceType(this.block.type)) return;
    const options = (this.block as { options: { key: string }[] }).options;
    const from = options.findIndex((o) => o.key === key);
    const to = from + by;
    if (from < 0 || to < 0 || to >= options.length) return;
    const [moved] = options.splice(from, 1);
    options.splice(to, 0, moved);
  }

  // Fill in the blank ----------------------------------------------------------------------------------------------

  get blanks(): { key: string; accepted: string[]; inSentence: boolean }[] {
    if (this.block.type !== 'FILL_IN_BLANK') return [];
    const accepted = (this.text.accepted ?? {}) as Record<string, string[]>;
    const used = [...this.word('sentence').matchAll(BLANK_PATTERN)].map((m) => m[1]);
    return this.block.blanks.map((b) => ({
      key: b.key,
      accepted: accepted[b.key] ?? [],
      inSentence: used.includes(b.key),
    }));
  }

  /** Adds a blank and puts its marker at the end of the selected language's sentence. */
  addBlank(): string | null {
    if (this.block.type !== 'FILL_IN_BLANK' || this.block.blanks.length >= 20) return null;
    const key = nextKey(
      this.block.blanks.map((b) => b.key),
      'blank',
    );
    this.block.blanks.push({ key });
    const sentence = this.word('sentence');
    this.setWord('sentence', `${sentence}${sentence && !sentence.endsWith(' ') ? ' ' : ''}{{${key}}}`);
    return key;
  }

  /** Removes a blank, its marker from every language's sentence, and its accepted answers. */
  removeBlank(key: string): void {
    if (this.block.type !== 'FILL_IN_BLANK' || this.block.blanks.length <= 1) return;
    this.block.blanks = this.block.blanks.filter((b) => b.key !== key);
    for (const text of Object.values(this.block.texts)) {
      if (!text) continue;
      if (typeof text.sentence === 'string')
        text.sentence = text.sentence.replaceAll(`{{${key}}}`, '').replace(/ {2,}/g, ' ');
      const accepted = text.accepted as Record<string, string[]> | undefined;
      if (accepted) delete accepted[key];
    }
  }

  /** The answers accepted for a blank in the selected language, one per line as typed. */
  setAccepted(key: string, answers: string[]): void {
    const text = this.ensureText();
    text.accepted = { ...((text.accepted ?? {}) as Record<string, string[]>), [key]: answers };
  }

  // Matching -------------------------------------------------------------------------------------------------------

  get pairs(): { key: string; left: string; right: string }[] {
    if (this.block.type !== 'MATCHING') return [];
    const pairs = (this.text.pairs ?? {}) as Record<string, { left: string; right: string }>;
    return this.block.pairs.map((p) => ({
      key: p.key,
      left: pairs[p.key]?.left ?? '',
      right: pairs[p.key]?.right ?? '',
    }));
  }

  addPair(): string | null {
    if (this.block.type !== 'MATCHING' || this.block.pairs.length >= 20) return null;
    const key = nextKey(
      this.block.pairs.map((p) => p.key),
      'p',
    );
    this.block.pairs.push({ key });
    return key;
  }

  removePair(key: string): void {
    if (this.block.type !== 'MATCHING' || this.block.pairs.length <= 2) return;
    this.block.pairs = this.block.pairs.filter((p) => p.key !== key);
    for (const text of Object.values(this.block.texts)) {
      const pairs = text?.pairs as Record<string, unknown> | undefined;
      if (pairs) delete pairs[key];
    }
  }

  setPair(key: string, side: 'left' | 'right', value: string): void {
    const text = this.ensureText();
    const pairs = (text.pairs ?? {}) as Record<string, { left: string; right: string }>;
    const pair = pairs[key] ?? { left: '', right: '' };
    text.pairs = { ...pairs, [key]: { ...pair, [side]: value } };
  }

  // The result -----------------------------------------------------------------------------------------------------

  /** The block as the contract takes it. */
  output(): unknown {
    const texts: Texts = {};
    for (const [language, text] of Object.entries(this.block.texts) as [CourseLanguage, Record<string, unknown>][]) {
      if (!text || isBlank(text)) continue;
      texts[language] = cleanText(this.block.type, text);
    }
    return { ...this.plainBlock(), texts };
  }

  private plainBlock(): Record<string, unknown> {
    return JSON.parse(JSON.stringify(this.block)) as Record<string, unknown>;
  }

  /** The contract's complaints about the block, keyed by path (`options`, `texts.HINDI.sentence`, `fileId`). */
  get errors(): Record<string, string> {
    const parsed = LessonBlock.safeParse(this.output());
    if (parsed.success) return {};
    const errors: Record<string, string> = {};
    for (const issue of parsed.error.issues) {
      const path = issue.path.join('.');
      errors[path] ??= issue.path[0] === 'fileId' ? 'Upload a file' : issue.message;
    }
    return errors;
  }

  get valid(): boolean {
    return Object.keys(this.errors).length === 0;
  }

  /** The block, parsed by the contract, or null when it is not valid yet. */
  get parsed(): LessonBlock | null {
    const parsed = LessonBlock.safeParse(this.output());
    return parsed.success ? parsed.data : null;
  }

  /** An error of a word of the selected language, or of a structural field. */
  errorOf(field: string): string | undefined {
    const errors = this.errors;
    return errors[`texts.${this.language}.${field}`] ?? errors[field];
  }

  /** What each of the course's languages still lacks (field paths), from the domain's rule. */
  get missingByLanguage(): Partial<Record<CourseLanguage, string[]>> {
    const block = this.output() as LessonBlock;
    return Object.fromEntries(this.languages.map((language) => [language, missingTranslation(block, language)]));
  }

  /** The checklist's warnings (alternative text, captions, transcript) for every language of the course. */
  get warnings(): BlockWarning[] {
    return publishWarnings(this.output() as LessonBlock, this.languages, this.primary);
  }

  markTouched(): void {
    this.touched = true;
  }
}
