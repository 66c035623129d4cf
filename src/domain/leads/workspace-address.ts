/**
 * The host of a workspace from what a visitor typed on the main site's finder: a short name (`acme` -> `acme.<main>`),
 * a host (`acme.example.com`), or a pasted address (`https://acme.example.com/signin`). Null when it is none of these.
 */
export function workspaceAddress(typed: string, mainHost: string): string | null {
  let text = typed.trim().toLowerCase();
  if (!text) return null;
  text = text
    .replace(/^[a-z]+:\/\//, '')
    .replace(/[/?#].*$/, '')
    .replace(/:\d+$/, '');
  const label = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
  const labels = text.split('.');
  if (!labels.every((part) => label.test(part))) return null;
  if (labels.length === 1) return `${text}.${mainHost}`;
  if (text === mainHost) return null;
  return text;
}
