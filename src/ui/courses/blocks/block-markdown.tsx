import Markdown, { defaultUrlTransform } from 'react-markdown';

/**
 * A text block's Markdown, drawn by react-markdown (CommonMark) as React elements: the player and the authors'
 * preview. Course text is written by authors and read by every learner, so it is a security surface: raw HTML is
 * never interpreted (react-markdown shows it as the text it is), and a link goes only to http(s), mailto or a
 * relative address; any other scheme (`javascript:`, `data:`) loses its address and keeps its text.
 */
export function BlockMarkdown({ children }: { children: string }) {
  return <Markdown urlTransform={safeUrl}>{children}</Markdown>;
}

/** react-markdown's safe-scheme check, with an unsafe address dropped rather than left as an empty href. */
function safeUrl(url: string): string | undefined {
  return defaultUrlTransform(url) || undefined;
}
