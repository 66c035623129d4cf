import type { ReactNode } from 'react';
import type { SitePage } from './site-pages';

/**
 * Written into every page where its absolute address belongs (canonical link, Open Graph URL, sitemap); the server
 * puts the main site's public origin in its place when it serves the page (server/web/public-site.ts).
 */
export const SITE_ORIGIN = '__SITE_ORIGIN__';

const NAV: { href: string; label: string }[] = [
  { href: '/our-solution', label: 'Our solution' },
  { href: '/features', label: 'Features' },
  { href: '/india', label: 'India' },
  { href: '/canada', label: 'Canada' },
  { href: '/scorecards', label: 'Scorecard' },
  { href: '/about-us', label: 'About us' },
];

const FOOTER: { title: string; links: { href: string; label: string }[] }[] = [
  {
    title: 'Product',
    links: [
      { href: '/our-solution', label: 'Our solution' },
      { href: '/features', label: 'Features' },
      { href: '/posh_medical', label: 'POSH for hospitals and clinics' },
      { href: '/scorecards', label: 'Compliance scorecard' },
      { href: '/clients', label: 'Who uses it' },
    ],
  },
  {
    title: 'The law',
    links: [
      { href: '/india', label: 'India: the POSH Act' },
      { href: '/india/internal-committee', label: 'The Internal Committee' },
      { href: '/india/annual-report', label: 'The POSH annual report' },
      { href: '/canada', label: 'Canada: the federal regulations' },
      { href: '/canada/annual-report', label: 'Canada’s annual report' },
    ],
  },
  {
    title: 'Company',
    links: [
      { href: '/about-us', label: 'About us' },
      { href: '/our-partners', label: 'Partners' },
      { href: '/webinars', label: 'Webinars' },
      { href: '/event/diversity-and-inclusion', label: 'Diversity and inclusion' },
      { href: '/event/hiv-aids-laws', label: 'HIV and AIDS at work' },
      { href: '/contact-us', label: 'Contact us' },
    ],
  },
  {
    title: 'Your workspace',
    links: [
      { href: '/identify', label: 'Find your workspace' },
      { href: '/report', label: 'Report without signing in' },
      { href: '/privacy', label: 'Privacy' },
      { href: '/terms', label: 'Terms' },
    ],
  },
];

/** A whole page of the public site: head (title, description, canonical, Open Graph), header, the page, footer. */
export function SiteDocument({ page, css }: { page: SitePage; css: string }): ReactNode {
  const url = `${SITE_ORIGIN}${page.path}`;
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <link rel="icon" href="/favicon.ico" sizes="32x32" />
        <link rel="apple-touch-icon" href="/apple-touch-icon.png" />
        <title>{page.title}</title>
        <meta name="description" content={page.description} />
        {page.noindex ? <meta name="robots" content="noindex" /> : <link rel="canonical" href={url} />}
        <meta property="og:type" content="website" />
        <meta property="og:site_name" content="SafePlace" />
        <meta property="og:title" content={page.title} />
        <meta property="og:description" content={page.description} />
        <meta property="og:url" content={url} />
        <meta name="twitter:card" content="summary" />
        <meta name="theme-color" content="#1a5fd0" />
        <style dangerouslySetInnerHTML={{ __html: css }} />
        {page.script ? <script src={`/site/${page.script}`} defer /> : null}
      </head>
      <body>
        <a className="skip" href="#main">
          Skip to the content
        </a>
        <header className="site-header">
          <div className="wrap bar">
            <a className="brand" href="/" aria-label="SafePlace home">
              <svg width="28" height="28" viewBox="0 0 28 28" aria-hidden="true" focusable="false">
                <path d="M14 2 4 6v7c0 6.1 4.2 11.4 10 13 5.8-1.6 10-6.9 10-13V6z" fill="#1a5fd0" />
                <path
                  d="m9 14 3.5 3.5L19 11"
                  fill="none"
                  stroke="#fff"
                  strokeWidth="2.4"
                  strokeLinecap="round"
                  strokeLinejoin="round"
                />
              </svg>
              SafePlace
            </a>
            <nav aria-label="Main">
              <ul>
                {NAV.map((item) => (
                  <li key={item.href}>
                    <a
                      href={item.href}
                      aria-current={
                        page.path === item.href || page.path.startsWith(`${item.href}/`) ? 'page' : undefined
                      }
                    >
                      {item.label}
                    </a>
                  </li>
                ))}
              </ul>
            </nav>
            <div className="actions">
              <a href="/signin" className="quiet">
                Sign in
              </a>
              <a href="/contact-us" className="button">
                Ask for a demo
              </a>
            </div>
          </div>
        </header>
        <main id="main">{page.body}</main>
        <footer className="site-footer">
          <div className="wrap columns">
            {FOOTER.map((column) => (
              <nav key={column.title} aria-label={column.title}>
                <h2>{column.title}</h2>
                <ul>
                  {column.links.map((link) => (
                    <li key={link.href}>
                      <a href={link.href}>{link.label}</a>
                    </li>
                  ))}
                </ul>
              </nav>
            ))}
          </div>
          <p className="wrap small">
            SafePlace explains the law to help you plan; it is not legal advice. Check your own obligations with your
            counsel.
          </p>
        </footer>
      </body>
    </html>
  );
}
