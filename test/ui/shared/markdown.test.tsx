import ReactMarkdown from 'react-markdown';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Markdown } from '../../../src/ui/shared/markdown';

const ours = (source: string) => renderToStaticMarkup(<Markdown>{source}</Markdown>);
/** react-markdown (CommonMark), as the text blocks were drawn before: the reference for the subset. */
const commonMark = (source: string) => renderToStaticMarkup(<ReactMarkdown>{source}</ReactMarkdown>);
const same = (html: string) => html.replace(/\n/g, '');

/** A course's text block is Markdown drawn by the light renderer: the same HTML as CommonMark for what authors write. */
describe('the text blocks’ Markdown', () => {
  it.each([
    ['a paragraph', 'Sexual harassment is any unwelcome behaviour.'],
    ['two paragraphs, a soft break', 'First line\nsame paragraph.\n\nSecond paragraph.'],
    ['headings', '# Title\n\n## Your rights\n\n### Steps ###'],
    ['strong and emphasis', 'This is **important** and *urgent*, __also__ _this_.'],
    ['nested emphasis', '**Report *every* incident** now'],
    ['inline code', 'Use `Report` to send.'],
    ['a link', 'Read [the POSH Act](https://example.org/posh "Act") first.'],
    ['an autolink', 'See <https://example.org/help>.'],
    ['a bulleted list', '- one\n- two **bold**\n- three'],
    ['a numbered list from 3', '3. third\n4. fourth'],
    ['a nested list', '- fruit\n  - apple\n  - pear\n- vegetables'],
    ['a loose list', '- one\n\n- two'],
    ['a block quote', '> Every view is recorded.\n> Second line.'],
    ['a thematic break', 'Above\n\n---\n\nBelow'],
    ['fenced code', '```\nline 1\n<b>kept</b>\n```'],
    ['a hard break', 'Line one  \nLine two\\\nLine three'],
    ['escapes', 'Not \\*emphasis\\* here'],
    ['underscores inside words', 'snake_case_name stays'],
    ['Devanagari', 'यौन उत्पीड़न **अवांछित** व्यवहार है।'],
  ])('%s', (_name, source) => {
    expect(same(ours(source))).toBe(same(commonMark(source)));
  });

  it('never interprets raw HTML: it shows as text', () => {
    const html = ours('Hello <img src=x onerror=alert(1)> <script>alert(1)</script>');
    expect(html).not.toContain('<img');
    expect(html).not.toContain('<script');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });

  it('drops a link to a javascript: or data: address and keeps its text', () => {
    for (const href of ['javascript:alert(1)', 'JavaScript:alert(1)', 'data:text/html,x', 'vbscript:x']) {
      const html = ours(`[click](${href})`);
      expect(html, href).not.toContain('href');
      expect(html, href).toContain('click');
    }
    expect(ours('[next](/training/abc)')).toContain('href="/training/abc"');
    expect(ours('[mail](mailto:hr@example.org)')).toContain('href="mailto:hr@example.org"');
  });
});
