import type { ReactNode } from 'react';
import { CANADA_TOPICS, INDIA_TOPICS, lawPages } from './law-pages';
import { legalPages } from './legal-pages';
import { Actions, Cards, Hero, Section } from './site-parts';
import { formPages } from './form-pages';

/** One page of the public site (the main host), rendered to static HTML at build time (scripts/build-site.tsx). */
export interface SitePage {
  /** The address, as served: `/`, `/india/annual-report`. */
  path: string;
  /** The document's title (and Open Graph title): unique per page. */
  title: string;
  /** The meta and Open Graph description: unique per page, under 200 characters. */
  description: string;
  body: ReactNode;
  /** A script of public/site/ the page loads (deferred): the scorecard, the contact form. */
  script?: string;
  /** Kept out of search engines and the sitemap (the confirmation page, the 404 page). */
  noindex?: boolean;
}

const WHAT = [
  {
    title: 'Training people finish',
    text: 'Short lessons and quizzes on preventing harassment, in English, Hindi, Kannada, Telugu, Tamil and Marathi, with a completion record for every employee.',
    href: '/features',
  },
  {
    title: 'Policies, accepted and on record',
    text: 'Publish your policy, ask every employee to accept it, and show the dated record whenever an auditor asks.',
    href: '/features',
  },
  {
    title: 'Complaints handled by the book',
    text: 'Your committee runs each complaint through a process you design, with the deadlines of the POSH Act and the Canada Labour Code computed for you.',
    href: '/our-solution',
  },
  {
    title: 'Reporting without fear',
    text: 'Anyone can report without an account or a name, keep a receipt key, and follow up with the committee in confidence.',
    href: '/our-solution',
  },
];

const sitePagesBase: SitePage[] = [
  {
    path: '/',
    title: 'SafePlace · Prevent workplace harassment, prove compliance',
    description:
      'SafePlace trains your people, records their policy acceptance and gives your committee a confidential, deadline-aware complaint process for India’s POSH Act and Canada’s federal rules.',
    body: (
      <>
        <Hero
          title="Prevent workplace harassment. Prove compliance."
          lead="SafePlace trains your people, records their policy acceptance, and gives your Internal Committee a confidential, deadline-aware complaint process, for India’s POSH Act and Canada’s federal regulations."
        >
          <Actions more={{ href: '/identify', label: 'Go to your workspace' }} />
        </Hero>
        <Section title="What SafePlace does">
          <Cards items={WHAT} />
        </Section>
        <Section title="Written for the law you work under" tint>
          <Cards
            items={[
              {
                title: 'India: the POSH Act 2013',
                href: '/india',
                text: 'An Internal Committee at every office of 10 or more, a 90-day inquiry, the annual report to the District Officer, and fines up to ₹50,000 for missing them.',
              },
              {
                title: 'Canada: SOR/2020-130',
                href: '/canada',
                text: 'Notices of occurrence, first contact within 7 days, resolution within one year, training every 3 years and the annual report by 1 March.',
              },
            ]}
          />
        </Section>
        <Section title="How compliant are you today?">
          <p>
            Ten questions, two minutes, a score and the list of what to fix. Nothing you answer leaves your browser.
          </p>
          <p className="cta">
            <a className="button big" href="/scorecards">
              Take the scorecard
            </a>
          </p>
        </Section>
      </>
    ),
  },
  {
    path: '/our-solution',
    title: 'Our solution: training, policies and complaints in one place · SafePlace',
    description:
      'How SafePlace answers each duty of the harassment laws: training and awareness, policy acceptance, a committee’s complaint process, anonymous reporting and the annual returns.',
    body: (
      <>
        <Hero
          title="One place for prevention, redressal and proof"
          lead="Harassment laws ask employers to prevent, to respond within deadlines, to keep it confidential, and to report every year. SafePlace is built around those four duties."
        >
          <Actions />
        </Hero>
        <Section title="Prevent">
          <p>
            Assign courses by business unit, department or joining date; remind those who have not finished; and publish
            your policy with the committee’s details for every employee to accept. The record shows who did what, and
            when.
          </p>
        </Section>
        <Section title="Respond" tint>
          <p>
            A complaint, a notice of occurrence or an anonymous report opens a case for the committee alone. The
            statutory process of your jurisdiction comes ready to publish, or you design your own: steps, meetings,
            actions and the deadlines each one carries, computed with your holidays.
          </p>
        </Section>
        <Section title="Keep it confidential">
          <p>
            Only the committee members assigned to a case see it. Every view is written to the case’s access log,
            evidence is encrypted at rest, and every export of figures leaves out names.
          </p>
        </Section>
        <Section title="Prove it" tint>
          <p>
            The annual report’s figures, the training and acceptance records, the cases pending past their deadline:
            ready when the District Officer, the Board or the Labour Program asks.
          </p>
          <Actions />
        </Section>
      </>
    ),
  },
  {
    path: '/features',
    title: 'Features · SafePlace',
    description:
      'Courses in six languages, policy acceptance, a workflow builder for complaints, deadline clocks, anonymous reporting, bulk imports, reports, and single sign-on with Google or Microsoft.',
    body: (
      <>
        <Hero
          title="Features"
          lead="Everything a compliance lead, an HR team and an Internal Committee use, in one workspace for your organisation."
        />
        <Section title="Learning">
          <Cards
            items={[
              {
                title: 'Courses and quizzes',
                text: 'Lessons with video, text and quizzes, in six languages; each employee chooses theirs.',
              },
              {
                title: 'Assignment by rule',
                text: 'By business unit, department or joining date, with due dates and reminders.',
              },
              { title: 'Certificates', text: 'Issued on completion, with an expiry and a public check of their code.' },
              {
                title: 'Policy acceptance',
                text: 'Publish a policy; every employee reads and accepts it; the record is dated.',
              },
            ]}
          />
        </Section>
        <Section title="Complaints" tint>
          <Cards
            items={[
              {
                title: 'Workflow builder',
                text: 'Steps, meetings and actions, versioned; publish a new version without touching open cases.',
              },
              {
                title: 'Deadline clocks',
                text: 'Green, amber and red chips on each case, each naming the rule it comes from.',
              },
              {
                title: 'Reporting without an account',
                text: 'An anonymous report, a receipt key, and a confidential conversation with the committee.',
              },
              { title: 'Access log', text: 'Every view of every case recorded, for the committee’s own assurance.' },
            ]}
          />
        </Section>
        <Section title="Administration">
          <Cards
            items={[
              {
                title: 'Business units and departments',
                text: 'Your organisation as it is, with a committee per unit.',
              },
              {
                title: 'Bulk imports',
                text: 'Your whole workforce from a spreadsheet, resumable if it stops halfway.',
              },
              {
                title: 'Sign-in your way',
                text: 'Password, a code by email or text message, or Google and Microsoft accounts.',
              },
              { title: 'Reports', text: 'Training, acceptance and case figures, exported without identifiers.' },
            ]}
          />
          <Actions />
        </Section>
      </>
    ),
  },
  {
    path: '/posh_medical',
    title: 'POSH compliance for hospitals and clinics · SafePlace',
    description:
      'How the POSH Act applies to hospitals, clinics and diagnostic centres: an Internal Committee per branch of 10 or more, training for shift workers, and confidential complaints.',
    body: (
      <>
        <Hero
          title="POSH compliance for hospitals and clinics"
          lead="Healthcare runs on shifts, branches and long hours, which is exactly where harassment goes unreported. The POSH Act applies to every hospital, clinic and diagnostic centre as to any other workplace."
        >
          <Actions />
        </Hero>
        <Section title="What it means for a healthcare employer">
          <ul>
            <li>
              An Internal Committee at every branch with 10 or more employees, not only at the head office (IN-01).
            </li>
            <li>
              A presiding officer who is a senior woman employee, at least half the members women, and one external
              member (IN-02).
            </li>
            <li>
              Workshops and awareness programmes at regular intervals, which night and weekend shifts must be able to
              attend (IN-12).
            </li>
            <li>The annual report for each committee, counting its workshops and cases (IN-13).</li>
          </ul>
        </Section>
        <Section title="How SafePlace fits a hospital" tint>
          <Cards
            items={[
              {
                title: 'Training on a phone',
                text: 'Short lessons that a nurse finishes between rounds, in the language she chooses.',
              },
              {
                title: 'A committee per branch',
                text: 'Each hospital or clinic as a business unit with its own committee and report.',
              },
              { title: 'Reporting off shift', text: 'An anonymous report from home, with a receipt key to follow up.' },
            ]}
          />
        </Section>
      </>
    ),
  },
  {
    path: '/our-partners',
    title: 'Partners · SafePlace',
    description:
      'External members for Internal Committees, trainers and law firms who work with SafePlace customers, and how to become a partner.',
    body: (
      <>
        <Hero
          title="Partners"
          lead="The law asks for people as well as software: an external member on every Internal Committee, trainers for workshops, investigators and counsel. Our partners bring them."
        />
        <Section title="Who we work with">
          <Cards
            items={[
              {
                title: 'External members',
                text: 'From NGOs and associations, or familiar with sexual harassment issues, as the POSH Act asks of each committee.',
              },
              {
                title: 'Trainers',
                text: 'Who run workshops and committee orientation, and record them in the workspace for the annual report.',
              },
              {
                title: 'Investigators and counsel',
                text: 'For inquiries and investigations, working in the case with the committee’s access and an access log.',
              },
            ]}
          />
        </Section>
        <Section title="Become a partner" tint>
          <p>Tell us what you do and where; we introduce partners to customers who ask for them.</p>
          <Actions demo="Write to us" />
        </Section>
      </>
    ),
  },
  {
    path: '/about-us',
    title: 'About us · SafePlace',
    description:
      'SafePlace builds harassment-prevention and compliance software for employers in India and Canada, so that reporting is safe and the law’s deadlines are kept.',
    body: (
      <>
        <Hero
          title="About SafePlace"
          lead="We build software so that anyone at work can raise a concern safely, and every employer can show it did what the law asks."
        />
        <Section title="What we believe">
          <ul>
            <li>A report is only safe if the reporter decides who knows who they are.</li>
            <li>Deadlines in the law protect people; software should keep them, not leave them to a calendar.</li>
            <li>
              Compliance is the record of real prevention: people trained, policies understood, complaints handled well.
            </li>
          </ul>
        </Section>
        <Section title="How we handle your data" tint>
          <p>
            Each organisation has its own workspace at its own address; one organisation’s data is never visible from
            another’s. Read the <a href="/privacy">privacy notice</a> and the <a href="/terms">terms</a>.
          </p>
          <Actions demo="Talk to us" />
        </Section>
      </>
    ),
  },
  {
    path: '/clients',
    title: 'Who uses SafePlace · SafePlace',
    description:
      'Employers of every size in India and Canada: companies with many branches, hospitals and clinics, federally regulated employers, and the committees and HR teams who run compliance.',
    body: (
      <>
        <Hero
          title="Who uses SafePlace"
          lead="Organisations that must constitute committees, train their people and report every year, and want to do it well."
        />
        <Section title="Organisations">
          <Cards
            items={[
              {
                title: 'Companies with many branches',
                text: 'A committee per office of 10 or more, one workspace for all of them.',
              },
              {
                title: 'Hospitals and clinics',
                text: 'Shift workers trained on their phones; see POSH for hospitals.',
                href: '/posh_medical',
              },
              {
                title: 'Federally regulated employers in Canada',
                text: 'Banks, transport and telecoms under the Canada Labour Code Part II.',
                href: '/canada',
              },
            ]}
          />
        </Section>
        <Section title="People" tint>
          <Cards
            items={[
              { title: 'HR and compliance leads', text: 'Assign, remind, report, and answer the auditor in minutes.' },
              { title: 'Internal Committees', text: 'Cases, clocks, meetings and reports, confidential by default.' },
              { title: 'Employees', text: 'Training on a phone, and a safe way to raise a concern.' },
            ]}
          />
          <Actions />
        </Section>
      </>
    ),
  },
  {
    path: '/webinars',
    title: 'Webinars · SafePlace',
    description:
      'Free sessions for HR heads and committee members on the POSH Act, Canada’s federal regulations, and running a complaint well.',
    body: (
      <>
        <Hero
          title="Webinars"
          lead="Free sessions for HR heads, compliance leads and committee members. Ask to be told of the next one through the contact form."
        />
        <Section title="Sessions">
          <Cards
            items={[
              {
                title: 'The POSH annual report, line by line',
                text: 'What each figure means and where it comes from.',
                href: '/india/annual-report',
              },
              {
                title: 'Running an inquiry in 90 days',
                text: 'Rule 7’s notices, natural justice and the report.',
                href: '/india/complaint-process',
              },
              {
                title: 'Canada: the one-year resolution process',
                text: 'From notice of occurrence to the annual report.',
                href: '/canada/complaint-process',
              },
              {
                title: 'Diversity and inclusion at work',
                text: 'Our event on inclusive workplaces.',
                href: '/event/diversity-and-inclusion',
              },
              {
                title: 'HIV and AIDS at work',
                text: 'Our event on the law and dignity at work.',
                href: '/event/hiv-aids-laws',
              },
            ]}
          />
          <Actions demo="Tell me about the next session" from="webinar" />
        </Section>
      </>
    ),
  },
  {
    path: '/event/diversity-and-inclusion',
    title: 'Event: diversity and inclusion at work · SafePlace',
    description:
      'A session for HR and committee members on inclusive policies: keeping the policy’s scope wider than the statute’s, and making reporting safe for everyone.',
    body: (
      <>
        <Hero
          title="Diversity and inclusion at work"
          lead="A session for HR heads and committee members on building a workplace where everyone can raise a concern."
        />
        <Section title="What we cover">
          <ul>
            <li>
              Why a policy can cover all genders while the POSH Act covers women, and how to keep the two scopes apart
              on every case.
            </li>
            <li>
              Making reporting safe: anonymity, who sees what, and how a witness may stay anonymous under Canada’s
              rules.
            </li>
            <li>Training that reaches everyone: languages, phones and shift work.</li>
          </ul>
          <p>Dates are sent to those who register their interest.</p>
          <Actions demo="Register my interest" from="event" />
        </Section>
      </>
    ),
  },
  {
    path: '/event/hiv-aids-laws',
    title: 'Event: HIV and AIDS at work · SafePlace',
    description:
      'A session on dignity at work for people living with HIV: confidentiality of health information, non-discrimination policies and handling complaints in confidence.',
    body: (
      <>
        <Hero
          title="HIV and AIDS at work"
          lead="A session on dignity at work for people living with HIV, and how an employer’s policies and complaint process protect them."
        />
        <Section title="What we cover">
          <ul>
            <li>Writing a non-discrimination policy and having every employee accept it.</li>
            <li>Keeping health information confidential: who may see it, and a record of every view.</li>
            <li>Handling a complaint of discrimination in confidence, with the same care as a harassment complaint.</li>
          </ul>
          <p>
            The session explains principles; the law that applies to your organisation is for your counsel to confirm.
            Dates are sent to those who register their interest.
          </p>
          <Actions demo="Register my interest" from="event" />
        </Section>
      </>
    ),
  },
];

/** Every page of the public site, in the order of the sitemap. */
export const sitePages: SitePage[] = [...sitePagesBase, ...lawPages, ...formPages, ...legalPages];

/** The designed "not found" page, served with status 404 for an unknown address on the main host. */
export const notFoundPage: SitePage = {
  path: '/404',
  title: 'Page not found · SafePlace',
  description: 'There is no page at this address on the SafePlace site.',
  noindex: true,
  body: (
    <Section>
      <h1>Page not found</h1>
      <p className="lead">There is no page at this address. It may have moved, or the link may have a typo.</p>
      <ul>
        <li>
          <a href="/">The start page</a>
        </li>
        <li>
          <a href="/identify">Find your organisation’s workspace</a>
        </li>
        <li>
          <a href="/india">India: the POSH Act</a> or <a href="/canada">Canada: the federal regulations</a>
        </li>
        <li>
          <a href="/contact-us">Contact us</a>
        </li>
      </ul>
    </Section>
  ),
};

/** The slugs under /india and /canada, for the sitemap and the tests. */
export const TOPIC_PATHS = [
  ...INDIA_TOPICS.map((t) => `/india/${t.slug}`),
  ...CANADA_TOPICS.map((t) => `/canada/${t.slug}`),
];
