import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { BlockMarkdown } from '../../../src/ui/courses/blocks/block-markdown';

/** A text block as the player and the authors' preview draw it, inside its one element (line breaks between elements left out). */
const drawn = (source: string) => {
  const html = renderToStaticMarkup(<BlockMarkdown>{source}</BlockMarkdown>).replace(/\n/g, '');
  expect(html.startsWith('<div>') && html.endsWith('</div>')).toBe(true);
  return html.slice('<div>'.length, -'</div>'.length);
};

/** A course's text block is Markdown (CommonMark, through micromark): the HTML of each construct authors write. */
describe('the text blocks’ Markdown', () => {
  it.each([
    [
      'a paragraph',
      'Sexual harassment is any unwelcome behaviour.',
      '<p>Sexual harassment is any unwelcome behaviour.</p>',
    ],
    [
      'two paragraphs, a soft break',
      'First line\nsame paragraph.\n\nSecond paragraph.',
      '<p>First linesame paragraph.</p><p>Second paragraph.</p>',
    ],
    ['headings', '# Title\n\n## Your rights\n\n### Steps ###', '<h1>Title</h1><h2>Your rights</h2><h3>Steps</h3>'],
    [
      'strong and emphasis',
      'This is **important** and *urgent*, __also__ _this_.',
      '<p>This is <strong>important</strong> and <em>urgent</em>, <strong>also</strong> <em>this</em>.</p>',
    ],
    [
      'nested emphasis',
      '**Report *every* incident** now',
      '<p><strong>Report <em>every</em> incident</strong> now</p>',
    ],
    ['inline code', 'Use `Report` to send.', '<p>Use <code>Report</code> to send.</p>'],
    [
      'a link',
      'Read [the POSH Act](https://example.org/posh "Act") first.',
      '<p>Read <a href="https://example.org/posh" title="Act">the POSH Act</a> first.</p>',
    ],
    [
      'an autolink',
      'See <https://example.org/help>.',
      '<p>See <a href="https://example.org/help">https://example.org/help</a>.</p>',
    ],
    [
      'a bulleted list',
      '- one\n- two **bold**\n- three',
      '<ul><li>one</li><li>two <strong>bold</strong></li><li>three</li></ul>',
    ],
    ['a numbered list from 3', '3. third\n4. fourth', '<ol start="3"><li>third</li><li>fourth</li></ol>'],
    [
      'a nested list',
      '- fruit\n  - apple\n  - pear\n- vegetables',
      '<ul><li>fruit<ul><li>apple</li><li>pear</li></ul></li><li>vegetables</li></ul>',
    ],
    ['a loose list', '- one\n\n- two', '<ul><li><p>one</p></li><li><p>two</p></li></ul>'],
    [
      'a block quote',
      '> Every view is recorded.\n> Second line.',
      '<blockquote><p>Every view is recorded.Second line.</p></blockquote>',
    ],
    ['a thematic break', 'Above\n\n---\n\nBelow', '<p>Above</p><hr /><p>Below</p>'],
    ['fenced code', '```\nline 1\n<b>kept</b>\n```', '<pre><code>line 1&lt;b&gt;kept&lt;/b&gt;</code></pre>'],
    ['a hard break', 'Line one  \nLine two\\\nLine three', '<p>Line one<br />Line two<br />Line three</p>'],
    ['escapes', 'Not \\*emphasis\\* here', '<p>Not *emphasis* here</p>'],
    ['underscores inside words', 'snake_case_name stays', '<p>snake_case_name stays</p>'],
    ['Devanagari', 'यौन उत्पीड़न **अवांछित** व्यवहार है।', '<p>यौन उत्पीड़न <strong>अवांछित</strong> व्यवहार है।</p>'],
  ])('%s', (_name, source, html) => {
    expect(drawn(source)).toBe(html);
  });

  it('never interprets raw HTML: it shows as text', () => {
    const html = drawn('Hello <img src=x onerror=alert(1)> <script>alert(1)</script>');
    expect(html).not.toContain('<img');
    expect(html).not.toContain('<script');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });

  it('drops a link to a javascript: or data: address and keeps its text', () => {
    for (const href of ['javascript:alert(1)', 'JavaScript:alert(1)', 'data:text/html,x', 'vbscript:x']) {
      const html = drawn(`[click](${href})`);
      expect(html, href).not.toContain('href');
      expect(html, href).toContain('click');
    }
    expect(drawn('[next](/training/abc)')).toContain('href="/training/abc"');
    expect(drawn('[mail](mailto:hr@example.org)')).toContain('href="mailto:hr@example.org"');
  });

  it('keeps an image off unsafe addresses and a title inside its attribute', () => {
    const image = drawn('![x](javascript:alert(1))');
    expect(image).not.toContain('javascript');
    expect(image).toContain('src=""');
    const titled = drawn('[a](https://example.org "x\\" onmouseover=\\"alert(1)")');
    expect(titled).toContain('title="x&quot; onmouseover=&quot;alert(1)"');
    expect(titled).not.toContain(' onmouseover="');
  });
});
