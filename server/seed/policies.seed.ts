import { MAIN_SITE_WORKSPACE_ID, type Database, type Sql } from '../platform/db/database';
import type { DirectFileUrls } from '../platform/signed-files';
import { systemClock } from '../platform/clock';

/** A demo policy: its words (the PDF's sections) and how it is published. */
interface DemoPolicy {
  title: string;
  description: string;
  owner: string;
  summary: string;
  /** The PDF's lead line, under the title. */
  lead: string;
  sections: [heading: string, paragraphs: string[]][];
}

/** The platform catalogue's POSH policy (India), published in Acme as the platform admin would publish it. */
export const DEMO_POSH_POLICY: DemoPolicy = {
  title: 'Prevention of Sexual Harassment (POSH) Policy',
  description: 'How we prevent sexual harassment at work and how a complaint is handled, as the POSH Act 2013 asks.',
  owner: 'SafePlace catalogue',
  summary: 'First version, under the POSH Act 2013 and its Rules.',
  lead: 'We do not tolerate sexual harassment at work, on work travel or online.',
  sections: [
    [
      'Why this policy',
      [
        'Everyone has the right to work with dignity. This policy follows the Sexual Harassment of Women at Workplace (Prevention, Prohibition and Redressal) Act, 2013 and its Rules.',
        'It covers everyone who works here: employees, trainees, interns, contractors and visitors, at the workplace and wherever work takes them.',
      ],
    ],
    [
      'What sexual harassment is',
      [
        'Unwelcome physical contact or advances, a demand or request for sexual favours, sexually coloured remarks, showing pornography, or any other unwelcome physical, verbal or non-verbal conduct of a sexual nature.',
        'Implied or explicit promises of preferential treatment, threats about employment, or a hostile or humiliating work environment connected with such conduct are harassment too.',
      ],
    ],
    [
      'The Internal Committee',
      [
        'An Internal Committee hears complaints. It is presided over by a senior woman employee, has at least two employee members and one external member from an organisation committed to the cause of women, and at least half of its members are women.',
        'You can raise a concern in the app at any time with "Raise a concern". Only the committee reads it, and every view of a case is recorded.',
      ],
    ],
    [
      'Time limits',
      [
        'A complaint may be made within three months of the incident (or of the last incident of a series); the committee may extend this by another three months for good reason.',
        'The respondent receives a copy within 7 working days, replies within 10 working days, and the inquiry is completed within 90 days.',
      ],
    ],
    [
      'No retaliation',
      [
        'No one may be victimised for raising a concern in good faith or for helping an inquiry. Retaliation is misconduct in itself.',
      ],
    ],
  ],
};

/** Acme's own code of conduct, written and published by Acme's admin. */
export const DEMO_CONDUCT_POLICY: DemoPolicy = {
  title: 'Code of Conduct',
  description: 'How we treat each other, our customers and our partners.',
  owner: 'Acme HR',
  summary: 'First version of the code of conduct.',
  lead: 'We treat each other with respect, every day and everywhere we work.',
  sections: [
    [
      'Respect',
      [
        'Treat colleagues, customers and partners with courtesy. Discrimination on the ground of gender, caste, religion, disability, age or origin has no place here.',
        'Disagree with ideas, never with people. Bullying, shouting and public humiliation are misconduct.',
      ],
    ],
    [
      'Honesty',
      [
        'Record time, expenses and results truthfully. Declare a conflict of interest to your manager as soon as you see one.',
      ],
    ],
    [
      'Speaking up',
      [
        'If something is wrong, say so: to your manager, to HR, or with "Raise a concern" in the app. Nobody is punished for speaking up in good faith.',
      ],
    ],
  ],
};

/** Globex's own policy (Canada, federal): the workplace harassment and violence prevention policy of CA-03. */
export const DEMO_GLOBEX_POLICY: DemoPolicy = {
  title: 'Workplace Harassment and Violence Prevention Policy',
  description:
    'Our policy under the Canada Labour Code and the Work Place Harassment and Violence Prevention Regulations.',
  owner: 'Globex People Operations',
  summary: 'First version, developed jointly with the workplace committee.',
  lead: 'Globex is committed to a workplace free of harassment and violence.',
  sections: [
    [
      'Scope',
      [
        'This policy applies to every employee of Globex, at the workplace and at any place where work is done, including online.',
      ],
    ],
    [
      'Notices of an occurrence',
      [
        'Anyone may give a notice of an occurrence of harassment or violence to the designated recipient, orally or in writing, or with "Raise a concern" in the app.',
        'The designated recipient answers within 7 days and explains the resolution process. Negotiated resolution starts within 45 days.',
      ],
    ],
    [
      'Review',
      ['This policy is reviewed with the workplace committee at least every three years and after an occurrence.'],
    ],
  ],
};

/** A demo policy as a small PDF (pdfkit, its built-in Helvetica), as the demo's user manual is made. */
export async function demoPolicyPdf(policy: DemoPolicy, organisation: string): Promise<Buffer> {
  const { default: PDFDocument } = await import('pdfkit');
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4', margin: 64, info: { Title: policy.title, Author: organisation } });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.font('Helvetica-Bold').fontSize(22).text(policy.title);
    doc.moveDown(0.3).font('Helvetica').fontSize(11).fillColor('#444444').text(`${organisation}. Version 1.`);
    doc.moveDown(0.8).fillColor('#000000').font('Helvetica-Bold').fontSize(13).text(policy.lead);
    policy.sections.forEach(([heading, paragraphs], i) => {
      if (i === 3) doc.addPage();
      doc.moveDown(1.1).fillColor('#000000').font('Helvetica-Bold').fontSize(15).text(heading);
      for (const paragraph of paragraphs)
        doc.moveDown(0.5).font('Helvetica').fontSize(12).text(paragraph, { lineGap: 3 });
    });
    doc.end();
  });
}

const DAY = 24 * 60 * 60 * 1000;

/**
 * Writes one demo policy: the catalogue policy (the platform's when `ownerWorkspaceId` is null, else that workspace's
 * own), its version 1 with an English PDF in the file store, CONFIRMED, dated `daysAgo` days back.
 */
async function addPolicy(
  db: Database,
  files: DirectFileUrls,
  policy: DemoPolicy,
  options: {
    ownerWorkspaceId: string | null;
    author: string;
    jurisdiction: string;
    organisation: string;
    daysAgo: number;
  },
): Promise<string> {
  const pdf = await demoPolicyPdf(policy, options.organisation);
  const key = await files.store(options.ownerWorkspaceId ?? MAIN_SITE_WORKSPACE_ID, `${policy.title}.pdf`, pdf);
  const at = new Date(systemClock.now().getTime() - options.daysAgo * DAY);
  const reviewDue = new Date(systemClock.now().getTime() + 600 * DAY).toISOString().slice(0, 10);
  return db.system(async (tx) => {
    const [row] = await tx.query<{ id: string }>(
      `INSERT INTO catalogue_policies (title, description, jurisdiction_id, owner_name, review_due_on, owner_workspace_id, created_at, updated_at)
       VALUES ($1, $2, (SELECT id FROM jurisdictions WHERE code = $3), $4, $5, $6, $7, $7) RETURNING id`,
      [policy.title, policy.description, options.jurisdiction, policy.owner, reviewDue, options.ownerWorkspaceId, at],
    );
    await tx.query(
      `INSERT INTO catalogue_policy_versions (policy_id, version, change, summary, created_by, created_at) VALUES ($1, 1, 'MATERIAL', $2, $3, $4)`,
      [row.id, policy.summary, options.author, at],
    );
    await tx.query(
      `INSERT INTO catalogue_policy_documents (policy_id, version, language, storage_key, file_name, size, status, created_at, confirmed_at)
       VALUES ($1, 1, 'ENGLISH', $2, $3, $4, 'CONFIRMED', $5, $5)`,
      [row.id, key, `${policy.title}.pdf`, pdf.length, at],
    );
    return row.id;
  });
}

/**
 * Publishes a catalogue policy to the whole workspace `daysAgo` days back, and records the acceptances of the people
 * at `acceptedBy` (each after a read of the document, as the app records them), a day or so after publication.
 */
async function publish(
  tx: Sql,
  workspaceId: string,
  cataloguePolicyId: string,
  options: { by: string; daysAgo: number; daysToAccept: number; acceptedBy: string[] },
): Promise<void> {
  const published = new Date(systemClock.now().getTime() - options.daysAgo * DAY);
  const [row] = await tx.query<{ id: string }>(
    `INSERT INTO workspace_policies (workspace_id, catalogue_policy_id, scope, days_to_accept, yearly, published_by, published_at, updated_at)
     VALUES ($1, $2, 'WORKSPACE', $3, false, $4, $5, $5) RETURNING id`,
    [workspaceId, cataloguePolicyId, options.daysToAccept, options.by, published],
  );
  // Each reader opened the document and accepted it a few hours later, spread over the days after publication.
  await tx.query(
    `WITH readers AS (
       SELECT u.id, row_number() OVER (ORDER BY u.email) AS n FROM users u
        WHERE u.workspace_id = $1 AND u.email = ANY($3::text[])),
     reads AS (
       INSERT INTO policy_document_reads (workspace_id, policy_id, user_id, version, language, first_read_at)
       SELECT $1, $2, r.id, 1, 'ENGLISH', $5::timestamptz + (r.n % 9) * interval '7 hours' FROM readers r
       RETURNING user_id)
     INSERT INTO policy_acceptances (workspace_id, policy_id, user_id, catalogue_policy_id, version, language, accepted_at, ip)
     SELECT $1, $2, r.id, $4, 1, 'ENGLISH', $5::timestamptz + (r.n % 9) * interval '7 hours' + interval '6 minutes', '127.0.0.1'
       FROM readers r`,
    [workspaceId, row.id, options.acceptedBy, cataloguePolicyId, new Date(published.getTime() + DAY / 2)],
  );
}

/**
 * The demo's policies, their PDFs kept in `files` (the store the server serves them from): in Acme the catalogue's
 * POSH policy (published 40 days ago, accepted by the demo employee and most colleagues; the rest are overdue) and
 * Acme's own Code of Conduct (published 5 days ago, accepted by a few: the demo employee still has it to read and
 * accept); in Globex its own harassment and violence prevention policy (Canada), accepted by its admin only.
 */
export async function seedPolicies(db: Database, files: DirectFileUrls): Promise<void> {
  const [platform] = await db.system((tx) =>
    tx.query<{ id: string }>(`SELECT id FROM platform_admins WHERE email = 'platform@demo.test'`),
  );
  const workspaces = await db.system((tx) =>
    tx.query<{ slug: string; id: string; admin: string }>(
      `SELECT w.slug, w.id, u.id AS admin FROM workspaces w
         JOIN users u ON u.workspace_id = w.id AND u.email = 'admin@' || w.slug || '.test'
        WHERE w.slug IN ('acme', 'globex')`,
    ),
  );
  const acme = workspaces.find((w) => w.slug === 'acme');
  const globex = workspaces.find((w) => w.slug === 'globex');
  if (!platform || !acme || !globex) throw new Error('The demo policies need the demo workspaces and platform admin');
  const posh = await addPolicy(db, files, DEMO_POSH_POLICY, {
    ownerWorkspaceId: null,
    author: platform.id,
    jurisdiction: 'IN',
    organisation: 'Acme',
    daysAgo: 60,
  });
  const conduct = await addPolicy(db, files, DEMO_CONDUCT_POLICY, {
    ownerWorkspaceId: acme.id,
    author: acme.admin,
    jurisdiction: 'IN',
    organisation: 'Acme',
    daysAgo: 6,
  });
  const harassment = await addPolicy(db, files, DEMO_GLOBEX_POLICY, {
    ownerWorkspaceId: globex.id,
    author: globex.admin,
    jurisdiction: 'CA-FED',
    organisation: 'Globex',
    daysAgo: 30,
  });
  await db.tenant(acme.id, async (tx) => {
    const people = await tx.query<{ email: string }>(
      `SELECT email FROM users WHERE workspace_id = $1 AND email NOT IN ('admin@acme.test', 'employee@acme.test') ORDER BY email`,
      [acme.id],
    );
    const others = people.map((p) => p.email);
    // POSH: the admin, the demo employee and three in four of the others; Code of Conduct: the admin and a few.
    await publish(tx, acme.id, posh, {
      by: acme.admin,
      daysAgo: 40,
      daysToAccept: 30,
      acceptedBy: ['admin@acme.test', 'employee@acme.test', ...others.filter((_, i) => i % 4 !== 3)],
    });
    await publish(tx, acme.id, conduct, {
      by: acme.admin,
      daysAgo: 5,
      daysToAccept: 14,
      acceptedBy: ['admin@acme.test', ...others.filter((_, i) => i % 5 === 0)],
    });
  });
  await db.tenant(globex.id, (tx) =>
    publish(tx, globex.id, harassment, {
      by: globex.admin,
      daysAgo: 20,
      daysToAccept: 30,
      acceptedBy: ['admin@globex.test'],
    }),
  );
}
