import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { BLOCK_TYPES, LessonBlock } from '../../../src/contracts/learning/blocks.contract';
import { BlockDraft, newBlock } from '../../../src/ui/courses/blocks/block-draft';
import { BlockEditor, EDITOR_TYPES } from '../../../src/ui/courses/blocks/block-editor';
import { BlockPreview } from '../../../src/ui/courses/blocks/block-preview';

const question = LessonBlock.parse({
  type: 'MULTIPLE_CHOICE',
  options: [
    { key: 'a', correct: true },
    { key: 'b', correct: false },
  ],
  texts: {
    ENGLISH: { prompt: 'Who can complain?', options: { a: 'Anyone', b: 'Only managers' } },
    HINDI: { prompt: 'शिकायत कौन कर सकता है?', options: { a: 'कोई भी', b: 'केवल प्रबंधक' } },
  },
});

describe('the preview of a block', () => {
  it('shows the Hindi words in Hindi, marked as Hindi, and never which option is right', () => {
    const html = renderToStaticMarkup(<BlockPreview block={question} language="HINDI" primary="ENGLISH" />);
    expect(html).toContain('शिकायत कौन कर सकता है?');
    expect(html).toContain('केवल प्रबंधक');
    expect(html).toContain('lang="hi"');
    expect(html).not.toContain('Who can complain?');
    expect(html).not.toContain('primary language');
    expect(html.toLowerCase()).not.toContain('correct');
  });

  it('falls back to the primary language with a hint when the translation is incomplete', () => {
    const html = renderToStaticMarkup(<BlockPreview block={question} language="TAMIL" primary="ENGLISH" />);
    expect(html).toContain('Who can complain?');
    expect(html).toContain('Shown in the primary language (English)');
    expect(html).toContain('lang="en"');
  });

  it('renders prose as Markdown without raw HTML, aligned as the author chose', () => {
    const block = LessonBlock.parse({
      type: 'TEXT_AREA',
      alignment: 'CENTER',
      texts: { ENGLISH: { body: '**Respect** <script>x</script>' } },
    });
    const html = renderToStaticMarkup(<BlockPreview block={block} language="ENGLISH" primary="ENGLISH" />);
    expect(html).toContain('<strong>Respect</strong>');
    expect(html).not.toContain('<script>');
    expect(html).toContain('text-align:center');
  });
});

describe('the editor of every type', () => {
  it('renders labelled fields for each of the sixteen types', () => {
    expect([...EDITOR_TYPES].sort()).toEqual([...BLOCK_TYPES].sort());
    for (const type of BLOCK_TYPES) {
      const draft = new BlockDraft(newBlock(type), 'ENGLISH', ['ENGLISH', 'HINDI'], 'HINDI');
      const html = renderToStaticMarkup(<BlockEditor draft={draft} />);
      expect(html, type).toContain('<label');
      expect(html, type).toContain('lang="hi"');
    }
  });

  it('asks a video for captions in the selected language and a transcript, and an image for alternative text', () => {
    const video = renderToStaticMarkup(
      <BlockEditor draft={new BlockDraft(newBlock('VIDEO'), 'ENGLISH', ['ENGLISH', 'HINDI'], 'HINDI')} />,
    );
    expect(video).toContain('Captions in Hindi');
    expect(video).toContain('Transcript (Hindi');
    expect(video).toContain('uploading files is not available here yet');
    const image = renderToStaticMarkup(<BlockEditor draft={new BlockDraft(newBlock('IMAGE'), 'ENGLISH')} />);
    expect(image).toContain('Alternative text');
    expect(image).toContain('Alignment');
  });
});
