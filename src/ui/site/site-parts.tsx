import type { ReactNode } from 'react';

/** The building blocks of the public site's pages: plain elements and the site's own classes (site.css), no antd. */

export function Hero({ title, lead, children }: { title: string; lead: string; children?: ReactNode }) {
  return (
    <section className="hero">
      <div className="wrap">
        <h1>{title}</h1>
        <p className="lead">{lead}</p>
        {children}
      </div>
    </section>
  );
}

/** The page's call to action: the contact form, told where the visitor came from (`from`: an event, a webinar). */
export function Actions({
  demo = 'Ask for a demo',
  more,
  from,
}: {
  demo?: string;
  more?: { href: string; label: string };
  from?: 'event' | 'webinar';
}) {
  return (
    <p className="cta">
      <a className="button big" href={from ? `/contact-us?from=${from}` : '/contact-us'}>
        {demo}
      </a>
      {more ? (
        <a className="button big secondary" href={more.href}>
          {more.label}
        </a>
      ) : null}
    </p>
  );
}

export function Section({ title, children, tint }: { title?: string; children: ReactNode; tint?: boolean }) {
  return (
    <section className={tint ? 'section tint' : 'section'}>
      <div className="wrap">
        {title ? <h2>{title}</h2> : null}
        {children}
      </div>
    </section>
  );
}

export function Cards({ items }: { items: { title: string; text: ReactNode; href?: string }[] }) {
  return (
    <ul className="cards">
      {items.map((item) => (
        <li key={item.title} className="card">
          <h3>{item.href ? <a href={item.href}>{item.title}</a> : item.title}</h3>
          <p>{item.text}</p>
        </li>
      ))}
    </ul>
  );
}

/** A duty of the law beside what the product does about it. */
export function DutyTable({
  caption,
  rows,
}: {
  caption: string;
  rows: { duty: ReactNode; rule: string; answer: ReactNode }[];
}) {
  return (
    <div className="table-scroll" role="region" aria-label={caption} tabIndex={0}>
      <table>
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">What the law asks</th>
            <th scope="col">Where it comes from</th>
            <th scope="col">What SafePlace does</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.rule}>
              <td>{row.duty}</td>
              <td>{row.rule}</td>
              <td>{row.answer}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function Crumbs({ trail }: { trail: { href: string; label: string }[] }) {
  return (
    <nav aria-label="Breadcrumb" className="crumbs">
      <ol>
        {trail.map((step) => (
          <li key={step.href}>
            <a href={step.href}>{step.label}</a>
          </li>
        ))}
      </ol>
    </nav>
  );
}

/** A long document (privacy, terms): numbered headings in a readable column. */
export function Doc({ children }: { children: ReactNode }) {
  return <div className="wrap doc">{children}</div>;
}
