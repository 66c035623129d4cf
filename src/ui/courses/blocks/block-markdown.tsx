import { useMemo } from 'react';
import { micromark } from 'micromark';

/**
 * A text block's Markdown (CommonMark, through micromark, the parser under react-markdown, without its syntax-tree
 * stages: decision 0023), drawn into one element: the player and the authors' preview. Course text is written by
 * authors and read by every learner, so it is a security surface: micromark's safe defaults hold it. Raw HTML is never
 * interpreted (it shows as the text it is: `allowDangerousHtml` stays off), every character of text and attribute is
 * escaped, and a link keeps its address only for http(s), mailto, irc(s), xmpp or a relative one; any other scheme
 * (`javascript:`, `data:`) loses its address and keeps its text.
 */
export function BlockMarkdown({ children, className }: { children: string; className?: string }) {
  const html = useMemo(() => markdownHtml(children), [children]);
  return <div className={className} dangerouslySetInnerHTML={{ __html: html }} />;
}

/**
 * micromark's HTML of the source. micromark writes an unsafe address as an empty one (`href=""`, `src=""`); the link
 * then loses the attribute, so it reads as text rather than as a link to this page. (Text and attribute values are
 * escaped, so `<a href=""` can only be micromark's own tag.)
 */
export function markdownHtml(source: string): string {
  return micromark(source).replaceAll('<a href=""', '<a');
}
