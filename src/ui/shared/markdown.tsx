import { Fragment, type ReactNode } from 'react';

/**
 * Markdown drawn as React elements, for the course's text blocks (the player and the authors' preview). A small
 * renderer of the common subset instead of react-markdown and its parser (about 33 KiB gzip, half again the player's
 * own weight: docs/decisions/0023-first-load.md): ATX headings, paragraphs, `-`/`*`/`+` and numbered lists (nested by
 * indentation), block quotes, thematic breaks, fenced code; inline `code`, strong, emphasis, links and hard line breaks.
 * Raw HTML is never interpreted: it shows as the text it is. A link goes only to http(s), mailto or a relative address;
 * any other scheme (`javascript:`) is dropped and its text kept.
 */
export function Markdown({ children }: { children: string }) {
  return <>{blocks(children.replace(/\r\n?/g, '\n').split('\n'), 'm')}</>;
}

const HEADING = /^ {0,3}(#{1,6})(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$/;
const RULE = /^ {0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*$/;
const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const QUOTE = /^ {0,3}> ?/;
const BULLET = /^( {0,3})([-*+])([ \t]+|$)/;
const NUMBERED = /^( {0,3})(\d{1,9})([.)])([ \t]+|$)/;
const blank = (line: string) => line.trim() === '';

/** Whether a line starts a block of its own (and so ends a paragraph). */
const startsBlock = (line: string) =>
  HEADING.test(line) ||
  RULE.test(line) ||
  FENCE.test(line) ||
  QUOTE.test(line) ||
  BULLET.test(line) ||
  NUMBERED.test(line);

function blocks(lines: string[], key: string): ReactNode[] {
  const out: ReactNode[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i]!;
    const k = `${key}.${out.length}`;
    if (blank(line)) {
      i++;
      continue;
    }
    const fence = FENCE.exec(line);
    if (fence) {
      const body: string[] = [];
      i++;
      while (i < lines.length && !lines[i]!.trimStart().startsWith(fence[1]!)) body.push(lines[i++]!);
      i++;
      out.push(
        <pre key={k}>
          <code>{body.join('\n')}</code>
        </pre>,
      );
      continue;
    }
    if (RULE.test(line)) {
      out.push(<hr key={k} />);
      i++;
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      const Tag = `h${heading[1]!.length}` as 'h1';
      out.push(<Tag key={k}>{inline(heading[2] ?? '', k)}</Tag>);
      i++;
      continue;
    }
    if (QUOTE.test(line)) {
      const body: string[] = [];
      while (i < lines.length && !blank(lines[i]!) && (QUOTE.test(lines[i]!) || !startsBlock(lines[i]!)))
        body.push(lines[i++]!.replace(QUOTE, ''));
      out.push(<blockquote key={k}>{blocks(body, k)}</blockquote>);
      continue;
    }
    const marker = BULLET.exec(line) ?? NUMBERED.exec(line);
    if (marker) {
      const numbered = marker.length === 5;
      const items: string[][] = [];
      let loose = false;
      while (i < lines.length) {
        const m = numbered ? NUMBERED.exec(lines[i]!) : BULLET.exec(lines[i]!);
        if (!m) break;
        const width = m[0].length;
        const item = [lines[i]!.slice(width)];
        i++;
        while (i < lines.length) {
          const next = lines[i]!;
          if (blank(next)) {
            // A blank line inside the list: the item goes on if what follows is indented under it.
            const after = lines.slice(i + 1).find((l) => !blank(l));
            if (after !== undefined && /^ */.exec(after)![0].length >= width) {
              loose = true;
              item.push('');
              i++;
              continue;
            }
            if (after !== undefined && (numbered ? NUMBERED : BULLET).test(after)) loose = true;
            break;
          }
          const indent = /^ */.exec(next)![0].length;
          if (indent >= width) item.push(next.slice(width));
          else if (startsBlock(next)) break;
          else item.push(next.trimStart()); // a lazy continuation of the item's paragraph
          i++;
        }
        items.push(item);
        while (i < lines.length && blank(lines[i]!)) i++;
      }
      const children = items.map((item, n) => {
        const inner = blocks(item, `${k}.${n}`);
        const tight = !loose && item.every((l) => !blank(l)) && !startsBlock(item[0]!);
        return <li key={n}>{tight ? tightItem(item, `${k}.${n}`) : inner}</li>;
      });
      const start = numbered ? Number(marker[2]) : 1;
      out.push(
        numbered ? (
          <ol key={k} start={start === 1 ? undefined : start}>
            {children}
          </ol>
        ) : (
          <ul key={k}>{children}</ul>
        ),
      );
      continue;
    }
    const paragraph: string[] = [];
    while (i < lines.length && !blank(lines[i]!) && (paragraph.length === 0 || !startsBlock(lines[i]!)))
      paragraph.push(lines[i++]!);
    out.push(<p key={k}>{inline(paragraph.map((l) => l.trimStart()).join('\n'), k)}</p>);
  }
  return out;
}

/** A tight item: its first paragraph without a `<p>`, then any nested list. */
function tightItem(item: string[], key: string): ReactNode {
  const nested = item.findIndex((l, n) => n > 0 && startsBlock(l));
  const text = nested < 0 ? item : item.slice(0, nested);
  return (
    <>
      {inline(text.map((l) => l.trimStart()).join('\n'), key)}
      {nested < 0 ? null : blocks(item.slice(nested), `${key}.n`)}
    </>
  );
}

const SAFE_HREF = /^(?:https?:|mailto:|[^:]*(?:[/?#]|$))/i;

/** Inline Markdown: code spans, links, strong, emphasis, hard breaks; everything else is text. */
function inline(text: string, key: string): ReactNode[] {
  const out: ReactNode[] = [];
  let plain = '';
  const flush = () => {
    if (plain) out.push(plain);
    plain = '';
  };
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    const rest = text.slice(i);
    const k = `${key}.${out.length}`;
    if (c === '\\' && i + 1 < text.length) {
      if (text[i + 1] === '\n') {
        flush();
        out.push(<br key={k} />);
      } else if (/[!-/:-@[-`{-~]/.test(text[i + 1]!)) plain += text[i + 1];
      else plain += '\\' + text[i + 1];
      i += 2;
      continue;
    }
    if (c === '\n') {
      if (/ {2,}$/.test(plain)) {
        plain = plain.replace(/ +$/, '');
        flush();
        out.push(<br key={k} />);
      } else plain = plain.replace(/ +$/, '') + '\n';
      i++;
      continue;
    }
    if (c === '`') {
      const ticks = /^`+/.exec(rest)![0];
      const end = text.indexOf(ticks, i + ticks.length);
      if (end > 0) {
        flush();
        const code = text.slice(i + ticks.length, end).replace(/\n/g, ' ');
        out.push(<code key={k}>{/^ .* $/.test(code) ? code.slice(1, -1) : code}</code>);
        i = end + ticks.length;
        continue;
      }
    }
    if (c === '<') {
      const auto = /^<((?:https?:\/\/|mailto:)[^\s<>]+)>/i.exec(rest);
      if (auto) {
        flush();
        out.push(
          <a key={k} href={auto[1]}>
            {auto[1]!.replace(/^mailto:/i, '')}
          </a>,
        );
        i += auto[0].length;
        continue;
      }
    }
    if (c === '[') {
      const link =
        /^\[((?:[^[\]\\]|\\.)*)\]\(\s*<?([^\s()<>]*(?:\([^\s()<>]*\)[^\s()<>]*)*)>?(?:\s+"([^"]*)")?\s*\)/.exec(rest);
      if (link) {
        flush();
        const label = inline(link[1]!, k);
        const href = link[2]!;
        out.push(
          SAFE_HREF.test(href) ? (
            <a key={k} href={href} title={link[3]}>
              {label}
            </a>
          ) : (
            <Fragment key={k}>{label}</Fragment>
          ),
        );
        i += link[0].length;
        continue;
      }
    }
    if (c === '*' || c === '_') {
      const strong = new RegExp(`^\\${c}\\${c}(?=\\S)([\\s\\S]*?\\S)\\${c}\\${c}(?!\\${c})`).exec(rest);
      const wordInside = c === '_' && /\w/.test(text[i - 1] ?? '');
      if (strong && !wordInside) {
        flush();
        out.push(<strong key={k}>{inline(strong[1]!, k)}</strong>);
        i += strong[0].length;
        continue;
      }
      const em = new RegExp(
        `^\\${c}(?=[^\\s${c}])([\\s\\S]*?[^\\s\\\\])\\${c}(?!\\${c}${c === '_' ? '|\\w' : ''})`,
      ).exec(rest);
      if (em && !wordInside) {
        flush();
        out.push(<em key={k}>{inline(em[1]!, k)}</em>);
        i += em[0].length;
        continue;
      }
    }
    plain += c;
    i++;
  }
  flush();
  return out;
}
