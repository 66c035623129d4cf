import { renderToStaticMarkup } from 'react-dom/server';
import { notFoundPage, sitePages, type SitePage } from './site-pages';
import { SITE_ORIGIN, SiteDocument } from './site-document';

/** A file of the rendered site, relative to its folder (`pages/india/annual-report.html`, `sitemap.xml`). */
export interface SiteFile {
  file: string;
  content: string;
}

/** Where a page's HTML is written: `/` is `pages/index.html`, `/india/annual-report` is `pages/india/annual-report.html`. */
export function pageFile(path: string): string {
  return path === '/' ? 'pages/index.html' : `pages${path}.html`;
}

function renderPage(page: SitePage, css: string): string {
  return `<!doctype html>${renderToStaticMarkup(<SiteDocument page={page} css={css} />)}`;
}

/**
 * The whole public site as static files: every page, the 404 page, the sitemap and robots.txt. The pages' absolute
 * addresses carry `SITE_ORIGIN`, which the server replaces with the main site's origin when it serves them.
 */
export function renderSite(css: string): SiteFile[] {
  const paths = new Set<string>();
  for (const page of sitePages) {
    if (paths.has(page.path)) throw new Error(`Two pages at ${page.path}`);
    paths.add(page.path);
  }
  const files = [...sitePages, notFoundPage].map((page) => ({
    file: pageFile(page.path),
    content: renderPage(page, css),
  }));
  const listed = sitePages.filter((page) => !page.noindex);
  files.push({
    file: 'sitemap.xml',
    content: `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${listed
      .map((page) => `  <url><loc>${SITE_ORIGIN}${page.path}</loc></url>`)
      .join('\n')}\n</urlset>\n`,
  });
  files.push({
    file: 'robots.txt',
    content: `User-agent: *\nDisallow: /platform\nDisallow: /workspace/\nDisallow: /confirm\nAllow: /\n\nSitemap: ${SITE_ORIGIN}/sitemap.xml\n`,
  });
  return files;
}

/** The public site's addresses (for the server's tests and the journey). */
export const SITE_PATHS = sitePages.map((page) => page.path);
