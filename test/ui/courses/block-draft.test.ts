import { describe, expect, it } from 'vitest';
import { BLOCK_TYPES, LessonBlock } from '../../../src/contracts/learning/blocks.contract';
import { BlockDraft, newBlock } from '../../../src/ui/courses/blocks/block-draft';

const FILE = '0b6f3f38-8d57-4e83-9d0e-3c2f3b8c1a11';

describe('a new block of each of the sixteen types', () => {
  it('has the parts the contract asks for and is refused only for what the author must still give', () => {
    for (const type of BLOCK_TYPES) {
      const draft = new BlockDraft(newBlock(type), 'ENGLISH', ['ENGLISH', 'HINDI']);
      const errors = Object.keys(draft.errors);
      // A file must be uploaded, a link given, prose written: nothing else is missing from a new block.
      for (const path of errors) expect(['fileId', 'url']).toContain(path);
      expect(draft.label.length).toBeGreaterThan(0);
    }
  });
});

describe('editing a multiple-choice question', () => {
  it('adds an option with the next free key, marks one right (only one), and keeps other languages when switching', () => {
    const draft = new BlockDraft(newBlock('MULTIPLE_CHOICE'), 'ENGLISH', ['ENGLISH', 'HINDI']);
    draft.setWord('prompt', 'Who can file a complaint?');
    draft.setOptionLabel('a', 'Any employee');
    draft.setOptionLabel('b', 'Only managers');
    expect(draft.addOption()).toBe('c');
    draft.setOptionLabel('c', 'Only women');
    draft.setCorrect('c', true);
    expect(draft.options.map((o) => [o.key, o.correct])).toEqual([
      ['a', false],
      ['b', false],
      ['c', true],
    ]);
    draft.setCorrect('a', true);
    expect(draft.options.filter((o) => o.correct).map((o) => o.key)).toEqual(['a']);

    draft.setLanguage('HINDI');
    expect(draft.word('prompt')).toBe('');
    expect(draft.primaryWord('prompt')).toBe('Who can file a complaint?');
    draft.setWord('prompt', 'शिकायत कौन कर सकता है?');
    draft.setOptionLabel('a', 'कोई भी कर्मचारी');
    expect(draft.missingByLanguage.HINDI).toEqual(['options.b', 'options.c']);
    expect(draft.missingByLanguage.ENGLISH).toEqual([]);

    draft.setLanguage('ENGLISH');
    expect(draft.word('prompt')).toBe('Who can file a complaint?');
    expect(draft.options.map((o) => o.label)).toEqual(['Any employee', 'Only managers', 'Only women']);
    expect(draft.valid).toBe(true);
    const block = LessonBlock.parse(draft.output());
    expect(block.texts.HINDI).toEqual({ prompt: 'शिकायत कौन कर सकता है?', options: { a: 'कोई भी कर्मचारी' } });
  });

  it('removes an option from the structure and from every language, and refuses a question with no right answer', () => {
    const draft = new BlockDraft(newBlock('MULTIPLE_RESPONSE'), 'ENGLISH', ['ENGLISH', 'HINDI']);
    draft.addOption();
    draft.setOptionLabel('c', 'Gone');
    draft.setLanguage('HINDI');
    draft.setOptionLabel('c', 'गया');
    draft.removeOption('c');
    expect(draft.options.map((o) => o.key)).toEqual(['a', 'b']);
    expect(JSON.stringify(draft.output())).not.toContain('c"');
    draft.setCorrect('a', false);
    expect(draft.errorOf('options')).toBe('Mark at least one option as a correct answer');
    draft.setCorrect('a', true);
    draft.setCorrect('b', true);
    expect(draft.options.filter((o) => o.correct)).toHaveLength(2);
    expect(draft.errorOf('options')).toBeUndefined();
  });

  it('moves an option up and down', () => {
    const draft = new BlockDraft(newBlock('VOTE'), 'ENGLISH');
    draft.addOption();
    draft.moveOption('c', -1);
    expect(draft.options.map((o) => o.key)).toEqual(['a', 'c', 'b']);
    draft.moveOption('a', -1);
    expect(draft.options.map((o) => o.key)).toEqual(['a', 'c', 'b']);
  });
});

describe('editing a fill-in-the-blank', () => {
  it('puts a new blank in the sentence, takes accepted answers one per line, and drops a removed blank everywhere', () => {
    const draft = new BlockDraft(newBlock('FILL_IN_BLANK'), 'ENGLISH', ['ENGLISH']);
    draft.setWord('sentence', 'A complaint goes to the {{blank1}}');
    draft.setAccepted('blank1', ['Internal Committee', 'IC', '']);
    expect(draft.valid).toBe(true);
    expect(draft.addBlank()).toBe('blank2');
    expect(draft.word('sentence')).toBe('A complaint goes to the {{blank1}} {{blank2}}');
    expect(draft.errorOf('accepted.blank2')).toBe('Give the answers accepted for {{blank2}}');
    draft.removeBlank('blank2');
    expect(draft.word('sentence')).toBe('A complaint goes to the {{blank1}} ');
    const block = LessonBlock.parse(draft.output());
    expect(block.type === 'FILL_IN_BLANK' && block.texts.ENGLISH?.accepted).toEqual({
      blank1: ['Internal Committee', 'IC'],
    });
  });
});

describe('editing a matching block', () => {
  it('keeps each pair per language and needs at least two pairs', () => {
    const draft = new BlockDraft(newBlock('MATCHING'), 'ENGLISH', ['ENGLISH', 'HINDI']);
    draft.setWord('prompt', 'Match');
    draft.setPair('p1', 'left', 'IC');
    draft.setPair('p1', 'right', 'Internal Committee');
    draft.setLanguage('HINDI');
    draft.setPair('p1', 'left', 'आईसी');
    draft.setLanguage('ENGLISH');
    expect(draft.pairs[0]).toEqual({ key: 'p1', left: 'IC', right: 'Internal Committee' });
    draft.removePair('p1');
    expect(draft.pairs).toHaveLength(2);
    expect(draft.addPair()).toBe('p3');
    draft.removePair('p1');
    expect(draft.pairs.map((p) => p.key)).toEqual(['p2', 'p3']);
  });
});

describe('media and settings', () => {
  it('asks for alternative text, captions and a transcript through the checklist warnings', () => {
    const image = new BlockDraft(newBlock('IMAGE'), 'ENGLISH', ['ENGLISH', 'HINDI']);
    image.setSetting('fileId', FILE);
    expect(image.valid).toBe(true);
    expect(image.warnings.map((w) => `${w.language} ${w.code}`)).toEqual([
      'ENGLISH IMAGE_WITHOUT_ALT_TEXT',
      'HINDI IMAGE_WITHOUT_ALT_TEXT',
    ]);
    image.setWord('altText', 'Two colleagues talking');
    expect(image.warnings).toEqual([]);

    const video = new BlockDraft(newBlock('VIDEO'), 'ENGLISH', ['ENGLISH']);
    expect(video.errorOf('fileId')).toBe('Upload a file');
    video.setSetting('fileId', FILE);
    video.setWord('transcript', 'Narrator: ...');
    expect(video.warnings.map((w) => w.code)).toEqual(['VIDEO_WITHOUT_CAPTIONS']);
    video.setWord('captionsFileId', FILE);
    expect(video.warnings).toEqual([]);
  });

  it('leaves a blank optional word out and needs a link for a link button', () => {
    const button = new BlockDraft(newBlock('BUTTON'), 'ENGLISH');
    button.setWord('label', 'Read the policy');
    button.setSetting('action', 'LINK');
    expect(button.errorOf('url')).toBe('Give the address the button opens');
    button.setSetting('url', 'https://example.test/policy');
    expect(button.valid).toBe(true);

    const input = new BlockDraft(newBlock('INPUT_BOX'), 'ENGLISH');
    input.setWord('prompt', 'What would you do?');
    input.setWord('placeholder', ' ');
    input.setSetting('multiline', true);
    expect(LessonBlock.parse(input.output())).toMatchObject({
      multiline: true,
      texts: { ENGLISH: { prompt: 'What would you do?' } },
    });
    expect(JSON.stringify(input.output())).not.toContain('placeholder');
  });

  it('offers alignment only for types that display something', () => {
    expect(new BlockDraft(newBlock('IMAGE'), 'ENGLISH').aligns).toBe(true);
    expect(new BlockDraft(newBlock('MATCHING'), 'ENGLISH').aligns).toBe(false);
    const text = new BlockDraft(newBlock('TEXT_AREA'), 'ENGLISH');
    text.setAlignment('CENTER');
    text.setWord('body', 'Hello');
    expect(LessonBlock.parse(text.output())).toMatchObject({ alignment: 'CENTER' });
  });
});
