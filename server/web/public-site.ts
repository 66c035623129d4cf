import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { LeadFormState } from '../main/leads/lead-form.routes';

/** The placeholder the build writes where a page's absolute address goes (src/ui/site/site-document.tsx). */
const SITE_ORIGIN = '__SITE_ORIGIN__';
/** A page's address: lower-case words, digits, dashes and underscores between slashes (no dots, so never a file). */
const PAGE_PATH = /^\/(?:[a-z0-9_-]+(?:\/[a-z0-9_-]+)*)?$/;

/**
 * The public site as the build rendered it (`<webRoot>/site`, scripts/build-site.tsx): every page read once at start,
 * served from memory with the main site's origin in its canonical and Open Graph addresses.
 */
export class PublicSite {
  private readonly pages = new Map<string, string>();
  private readonly files = new Map<string, string>();
  private readonly rendered = new Map<string, string>();

  constructor(webRoot: string | null) {
    const root = webRoot ? path.join(webRoot, 'site') : null;
    if (!root || !existsSync(path.join(root, 'pages'))) return;
    for (const entry of readdirSync(path.join(root, 'pages'), { recursive: true, withFileTypes: true })) {
      if (!entry.isFile() || !entry.name.endsWith('.html')) continue;
      const file = path.join(entry.parentPath, entry.name);
      const rel = path
        .relative(path.join(root, 'pages'), file)
        .split(path.sep)
        .join('/')
        .replace(/\.html$/, '');
      this.pages.set(rel === 'index' ? '/' : `/${rel}`, readFileSync(file, 'utf8'));
    }
    for (const name of ['sitemap.xml', 'robots.txt']) {
      if (existsSync(path.join(root, name))) this.files.set(`/${name}`, readFileSync(path.join(root, name), 'utf8'));
    }
  }

  /** Whether the build's site is here (an API-only test server has none). */
  get built(): boolean {
    return this.pages.size > 0;
  }

  /** The page at this address, or null. `/404` is the not-found page, never a page of its own. */
  page(url: string, origin: string): string | null {
    if (!PAGE_PATH.test(url) || url === '/404') return null;
    return this.fill(url, this.pages.get(url), origin);
  }

  notFound(origin: string): string | null {
    return this.fill('/404', this.pages.get('/404'), origin);
  }

  /** `/sitemap.xml` or `/robots.txt`. */
  file(url: string, origin: string): string | null {
    return this.fill(url, this.files.get(url), origin);
  }

  /**
   * The contact page given back to a browser that sent the form without JavaScript: its answers in their boxes, each
   * field's error under it (the spans the page's script fills), and what happened in the status region.
   */
  contactPage(origin: string, state: LeadFormState): string | null {
    let html = this.page('/contact-us', origin);
    if (html === null) return null;
    for (const [name, value] of Object.entries(state.values)) {
      if (!/^[A-Za-z]+$/.test(name) || name === 'website') continue;
      const v = escapeHtml(value);
      html = html
        .replace(new RegExp(`<input[^>]*\\bname="${name}"`), (m) => `${m} value="${v}"`)
        .replace(new RegExp(`<textarea[^>]*\\bname="${name}"[^>]*>(?=</textarea>)`), (m) => `${m}${v}`);
      const select = new RegExp(`(<select[^>]*\\bname="${name}"[^>]*>)([\\s\\S]*?)</select>`).exec(html);
      if (select && state.values[name]) {
        const options = select[2]
          .replaceAll(' selected=""', '')
          .replace(`<option value="${v}">`, () => `<option value="${v}" selected="">`);
        html = html.replace(select[0], () => `${select[1]}${options}</select>`);
      }
    }
    for (const [name, message] of Object.entries(state.errors)) {
      if (!/^[A-Za-z]+$/.test(name)) continue;
      html = html
        .replace(
          `<span class="error" id="f-${name}-error"></span>`,
          () => `<span class="error" id="f-${name}-error">${escapeHtml(message)}</span>`,
        )
        .replace(new RegExp(`<(?:input|select|textarea)[^>]*\\bname="${name}"`), (m) => `${m} aria-invalid="true"`);
    }
    return html.replace(
      '<div id="lead-status" role="status" aria-live="polite"></div>',
      () => `<div id="lead-status" role="status" aria-live="polite" class="bad">${escapeHtml(state.message)}</div>`,
    );
  }

  private fill(key: string, text: string | undefined, origin: string): string | null {
    if (text === undefined) return null;
    const cacheKey = `${origin}\n${key}`;
    let out = this.rendered.get(cacheKey);
    if (out === undefined) {
      out = text.replaceAll(SITE_ORIGIN, origin);
      // One entry per page and origin: the main site has one origin, so this stays the size of the site.
      if (this.rendered.size < 1000) this.rendered.set(cacheKey, out);
    }
    return out;
  }
}

/** The main site's own app pages (the SPA of index.html): the workspace finder and the platform console. */
export function isMainSiteAppPath(url: string): boolean {
  return url === '/workspace/signin' || url === '/platform' || url.startsWith('/platform/');
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
