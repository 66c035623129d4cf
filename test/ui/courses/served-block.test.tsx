import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { BlockAnswer } from '../../../src/contracts/learning/blocks.contract';
import { BLOCK_TYPES } from '../../../src/contracts/learning/blocks.contract';
import { learnerBlock, type ServedBlock } from '../../../src/domain/courses/blocks';
import { newBlock } from '../../../src/ui/courses/blocks/block-draft';
import { ServedBlockView } from '../../../src/ui/courses/blocks/served-block';

const base = { alignment: 'LEFT', language: 'ENGLISH', fallback: false } as const;
const options = [
  { key: 'a', label: 'Anyone' },
  { key: 'b', label: 'Only managers' },
];
const render = (block: ServedBlock, answer?: BlockAnswer) =>
  renderToStaticMarkup(<ServedBlockView block={block} interaction={{ answer, onAnswer: () => undefined }} />);

/** The learner's block controls are native (the light player entry loads no antd): labelled, and showing the answer given. */
describe('the learner’s block controls', () => {
  it('draws every one of the sixteen types without Ant Design', () => {
    for (const type of BLOCK_TYPES) {
      const html = render(learnerBlock(newBlock(type), 'ENGLISH', 'ENGLISH', 'seed'));
      expect(html, type).not.toContain('ant-');
    }
  });

  it('names a choice question’s radios by its prompt and checks the answer given', () => {
    const html = render(
      { ...base, type: 'MULTIPLE_CHOICE', prompt: 'Who can complain?', options },
      { type: 'MULTIPLE_CHOICE', choice: 'b' },
    );
    expect(html).toMatch(/<fieldset[^>]*><legend[^>]*>Who can complain\?<\/legend>/);
    expect(html.match(/type="radio"/g)).toHaveLength(2);
    expect(html).toMatch(
      /<label class="lb-choice"><input type="radio"(?=[^>]*checked="")[^>]*value="b"\/><span>Only managers<\/span><\/label>/,
    );
    expect(html.match(/checked=""/g)).toHaveLength(1);
  });

  it('gives several answers as checkboxes, a multi-select question too', () => {
    for (const type of ['MULTIPLE_RESPONSE', 'MULTI_SELECT_QUESTION'] as const) {
      const html = render({ ...base, type, prompt: 'Which are harassment?', options }, { type, choices: ['a'] });
      expect(html.match(/type="checkbox"/g), type).toHaveLength(2);
      expect(html, type).toMatch(/<input type="checkbox"(?=[^>]*checked="")[^>]*value="a"\/>/);
      expect(html.match(/checked=""/g), type).toHaveLength(1);
      expect(html, type).toContain('<legend class="lb-prompt">Which are harassment?</legend>');
    }
  });

  it('labels a select by its prompt, a matching select by its left item, and a blank by its number', () => {
    const single = render(
      { ...base, type: 'SINGLE_SELECT_QUESTION', prompt: 'Pick one', options },
      { type: 'SINGLE_SELECT_QUESTION', choice: 'a' },
    );
    const promptId = /<p class="lb-prompt" id="([^"]+)">Pick one<\/p>/.exec(single)?.[1];
    expect(promptId).toBeTruthy();
    expect(single).toContain(`aria-labelledby="${promptId}"`);
    expect(single).toMatch(/<option value="a" selected="">Anyone<\/option>/);

    const matching = render(
      {
        ...base,
        type: 'MATCHING',
        prompt: 'Match them',
        left: [{ key: 'x', label: 'Committee' }],
        right: [{ key: 'x', label: 'Hears complaints' }],
      },
      { type: 'MATCHING', matches: { x: 'x' } },
    );
    const leftId = /<span id="([^"]+)"[^>]*>Committee<\/span>/.exec(matching)?.[1];
    expect(matching).toContain(`aria-labelledby="${leftId}"`);
    expect(matching).toMatch(/<option value="x" selected="">Hears complaints<\/option>/);

    const blanks = render(
      { ...base, type: 'FILL_IN_BLANK', sentence: 'Report to {{who}} within {{days}} days.', blanks: ['who', 'days'] },
      { type: 'FILL_IN_BLANK', blanks: { who: 'the committee' } },
    );
    expect(blanks).toMatch(/aria-label="Blank 1"[^>]*value="the committee"/);
    expect(blanks).toContain('aria-label="Blank 2"');
  });

  it('counts a long answer’s characters and marks a required box', () => {
    const long = render(
      { ...base, type: 'INPUT_BOX', prompt: 'Why?', placeholder: '', multiline: true, maxLength: 500, required: true },
      { type: 'INPUT_BOX', text: 'Because' },
    );
    expect(long).toContain('<textarea');
    expect(long).toContain('7 / 500');
    expect(long).toContain('(required)');
    const box = render(
      { ...base, type: 'CHECKBOX_WITH_TEXT', label: 'I have read the policy', required: true },
      { type: 'CHECKBOX_WITH_TEXT', checked: true },
    );
    expect(box).toMatch(/<label class="lb-choice"><input type="checkbox" checked=""\/><span>I have read the policy/);
  });
});
