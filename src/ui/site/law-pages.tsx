import type { SitePage } from './site-pages';
import { Actions, Cards, Crumbs, DutyTable, Hero, Section } from './site-parts';

/**
 * The India and Canada pages. Every legal fact here comes from the project's legal rules (spec/legal-rules.md, rule ids
 * IN-xx and CA-xx); a page says what the law asks and which part of the product answers it.
 */

const INDIA = { href: '/india', label: 'India' };
const CANADA = { href: '/canada', label: 'Canada' };

export const INDIA_TOPICS = [
  { slug: 'internal-committee', title: 'The Internal Committee' },
  { slug: 'complaint-process', title: 'The complaint process under the POSH Act' },
  { slug: 'annual-report', title: 'The POSH annual report' },
  { slug: 'training', title: 'Awareness and training duties' },
] as const;

export const CANADA_TOPICS = [
  { slug: 'complaint-process', title: 'From notice of occurrence to resolution' },
  { slug: 'annual-report', title: 'The annual report due by 1 March' },
  { slug: 'training', title: 'Training every three years' },
  { slug: 'policy-and-assessment', title: 'The policy and the workplace assessment' },
] as const;

const INDIA_SUMMARY: Record<(typeof INDIA_TOPICS)[number]['slug'], string> = {
  'internal-committee':
    'Who must constitute an Internal Committee, who sits on it, and how its work stays confidential.',
  'complaint-process': 'Every step from a written complaint to the employer’s action, with the deadline of each.',
  'annual-report': 'What each committee reports every calendar year, to whom, and what the Board’s report now adds.',
  training: 'Workshops, awareness programmes, orientation and notices: the employer’s duties under section 19.',
};

const CANADA_SUMMARY: Record<(typeof CANADA_TOPICS)[number]['slug'], string> = {
  'complaint-process': 'The notice of occurrence, first contact within 7 days, resolution within one year.',
  'annual-report': 'What the report under section 36 contains, for the previous calendar year.',
  training: 'Employees within 3 months of hire, then every 3 years; recipients and the employer too.',
  'policy-and-assessment': 'Reviews every 3 years, and the records the regulations ask you to keep.',
};

export const lawPages: SitePage[] = [
  {
    path: '/india',
    title: 'POSH Act compliance for employers in India · SafePlace',
    description:
      'What the Sexual Harassment of Women at Workplace Act 2013 asks of an employer: an Internal Committee, a 90-day inquiry, an annual report, awareness programmes, and the penalty for missing them.',
    body: (
      <>
        <Hero
          title="The POSH Act, duty by duty"
          lead="The Sexual Harassment of Women at Workplace (Prevention, Prohibition and Redressal) Act 2013 and its Rules set out what every employer in India must have in place. Here is what it asks, and how SafePlace helps you do it and prove it."
        >
          <Actions more={{ href: '/scorecards', label: 'Check where you stand' }} />
        </Hero>
        <Section title="What the Act asks of you">
          <DutyTable
            caption="The employer’s duties under the POSH Act"
            rows={[
              {
                duty: 'An Internal Committee at every office or branch with 10 or more employees; where there is none, a Local Committee run by the District Officer takes complaints.',
                rule: 'Section 4; IN-01',
                answer: 'A committee per business unit, with its members, their roles and their terms on record.',
              },
              {
                duty: 'A presiding officer who is a senior woman employee, at least two employee members and one external member; at least half women; a term of at most three years.',
                rule: 'Section 4; IN-02',
                answer: 'The committee screen checks the composition and warns before a term runs out.',
              },
              {
                duty: 'A written complaint within 3 months of the incident, which the committee may extend by 3 more months with reasons in writing.',
                rule: 'Section 9; IN-03',
                answer:
                  'Complaints by form, by a member on someone’s behalf, or without an account; the filing date and any extension are recorded.',
              },
              {
                duty: 'A copy to the respondent within 7 working days; the reply within 10 working days.',
                rule: 'Rule 7; IN-05',
                answer:
                  'Both clocks run from the day the complaint arrives, counting your holidays, and turn amber then red.',
              },
              {
                duty: 'The inquiry completed within 90 days, the report within 10 days after, and the employer’s action within 60 days.',
                rule: 'Sections 11, 13; IN-07, IN-09',
                answer:
                  'Every case shows its nearest deadline; the list of cases pending more than 90 days is kept for the returns.',
              },
              {
                duty: 'Confidentiality of identities, contents, proceedings and recommendations.',
                rule: 'Section 16; IN-11',
                answer: 'Only the committee sees a case; every view is recorded; statistics leave out names.',
              },
              {
                duty: 'Display the penal consequences and the committee’s details; hold workshops and awareness programmes at regular intervals; orient committee members.',
                rule: 'Section 19; IN-12',
                answer: 'Policies every employee accepts, and training with completion records in six languages.',
              },
              {
                duty: 'An annual report by each committee for the calendar year, to the employer and the District Officer.',
                rule: 'Section 21, Rule 14; IN-13',
                answer: 'The report’s figures come from your cases and workshops, ready to file.',
              },
            ]}
          />
          <p>
            An employer who does not comply can be fined up to ₹50,000, more on a repeat, and may lose a licence
            (section 26; IN-15). The Supreme Court, in <i>Aureliano Fernandes v. State of Goa</i> (2023), insisted on a
            fair hearing and on committees constituted strictly as the Act says (IN-17).
          </p>
        </Section>
        <Section title="Read more" tint>
          <Cards
            items={INDIA_TOPICS.map((t) => ({ title: t.title, href: `/india/${t.slug}`, text: INDIA_SUMMARY[t.slug] }))}
          />
        </Section>
      </>
    ),
  },
  {
    path: '/india/internal-committee',
    title: 'The Internal Committee under the POSH Act · SafePlace',
    description:
      'Who must have an Internal Committee, who sits on it, how long members serve, and how SafePlace keeps it constituted and its work confidential.',
    body: (
      <>
        <Crumbs trail={[INDIA]} />
        <Hero title="The Internal Committee" lead={INDIA_SUMMARY['internal-committee']} />
        <Section title="Who needs one">
          <p>
            Every office or branch with 10 or more employees must constitute an Internal Committee (IN-01). A woman
            whose workplace has none, or whose complaint is against the employer, goes to the Local Committee run by the
            District Officer.
          </p>
        </Section>
        <Section title="Who sits on it">
          <ul>
            <li>A presiding officer: a senior woman employee, from another office if there is none at this one.</li>
            <li>At least two employee members.</li>
            <li>One external member, from an NGO or association, or someone familiar with sexual harassment issues.</li>
            <li>At least half of the members are women, and no member serves more than three years.</li>
          </ul>
          <p>
            A hearing needs at least three members, the presiding officer among them; legal practitioners do not appear
            (Rule 7; IN-06).
          </p>
        </Section>
        <Section title="How SafePlace supports the committee" tint>
          <Cards
            items={[
              {
                title: 'Composition on record',
                text: 'Members, roles and terms per business unit, with a warning before a term ends.',
              },
              {
                title: 'Confidential by design',
                text: 'Only the committee opens a case, and every view goes in the access log (section 16).',
              },
              {
                title: 'Deadlines computed',
                text: 'Rule 7’s 7 and 10 working days, the 90-day inquiry and the 10-day report, counted with your holidays.',
              },
              {
                title: 'Registry ready',
                text: 'The committee’s details in one place for the SHe-Box registry, which the nodal officer keeps current (IN-16).',
              },
            ]}
          />
          <Actions />
        </Section>
      </>
    ),
  },
  {
    path: '/india/complaint-process',
    title: 'The complaint process under the POSH Act · SafePlace',
    description:
      'From a written complaint to the employer’s action: the POSH Act’s steps and deadlines (3 months, 7 and 10 working days, 90 days, 10 days, 60 days, 90-day appeal).',
    body: (
      <>
        <Crumbs trail={[INDIA]} />
        <Hero title="The complaint process under the POSH Act" lead={INDIA_SUMMARY['complaint-process']} />
        <Section title="Step by step">
          <ol className="steps">
            <li>
              <strong>The complaint.</strong> In writing within 3 months of the incident, or of the last of a series;
              the committee may allow 3 more months, with reasons in writing. Members help a woman who cannot write, and
              others may file on her incapacity or death (IN-03).
            </li>
            <li>
              <strong>Conciliation, if she asks.</strong> Only at the complainant’s request and before the inquiry,
              never with money. The settlement is recorded and copied to the employer and the parties (IN-04).
            </li>
            <li>
              <strong>Notice to the respondent.</strong> A copy of the complaint within 7 working days; the reply, with
              documents and witnesses, within 10 working days (Rule 7; IN-05).
            </li>
            <li>
              <strong>The inquiry.</strong> Natural justice throughout; an ex parte decision only after 3 unexplained
              absences in a row and 15 days’ written notice (IN-06). Interim relief on written request: a transfer, up
              to 3 months’ leave, or other relief (IN-08). Completed within 90 days (IN-07).
            </li>
            <li>
              <strong>The report and the action.</strong> The report to the employer and both parties within 10 days;
              the employer acts within 60 days (IN-09).
            </li>
            <li>
              <strong>Appeal.</strong> Within 90 days of the recommendations, so the record stays whole until then
              (IN-10).
            </li>
          </ol>
        </Section>
        <Section title="In SafePlace" tint>
          <p>
            Your committee runs each complaint through a workflow that follows these steps. Each clock is a chip on the
            case, green with the days left, amber within a week, red once missed, and names the rule it comes from. The
            90-day start point is a setting, recorded with the case, because the Act does not fix it.
          </p>
          <Actions />
        </Section>
      </>
    ),
  },
  {
    path: '/india/annual-report',
    title: 'The POSH annual report and the Board’s report · SafePlace',
    description:
      'What the Internal Committee’s annual report must contain, who receives it, and the complaint figures the Board’s report now carries for the financial year.',
    body: (
      <>
        <Crumbs trail={[INDIA]} />
        <Hero title="The POSH annual report" lead={INDIA_SUMMARY['annual-report']} />
        <Section title="The committee’s annual report">
          <p>
            Each Internal Committee reports for the calendar year to the employer and to the District Officer (section
            21, Rule 14; IN-13). It states:
          </p>
          <ul>
            <li>the complaints received and the complaints disposed of;</li>
            <li>the cases pending for more than 90 days;</li>
            <li>the workshops and awareness programmes held;</li>
            <li>the nature of the action taken.</li>
          </ul>
          <p>
            Deadlines vary by district: Gurugram’s is 30 April, and many advisers recommend filing before 31 January.
          </p>
        </Section>
        <Section title="The Board’s report">
          <p>
            Companies also report, for the financial year, the complaints received, disposed of and pending for more
            than 90 days, the female, male and transgender headcount, and a Maternity Benefit Act statement (section 22
            and Companies (Accounts) Rules r.8(5)(x), in force from 14 July 2025; IN-14).
          </p>
        </Section>
        <Section title="In SafePlace" tint>
          <p>
            The figures come straight from your cases and your training records, for the calendar year or the financial
            year, with no names in the export. Cases pending more than 90 days are counted as they happen, not
            reconstructed in January.
          </p>
          <Actions />
        </Section>
      </>
    ),
  },
  {
    path: '/india/training',
    title: 'POSH awareness and training duties · SafePlace',
    description:
      'Section 19 of the POSH Act: workshops and awareness programmes at regular intervals, orientation for committee members, and notices on display.',
    body: (
      <>
        <Crumbs trail={[INDIA]} />
        <Hero title="Awareness and training duties" lead={INDIA_SUMMARY.training} />
        <Section title="What section 19 asks">
          <ul>
            <li>Display the penal consequences of sexual harassment and the details of the Internal Committee.</li>
            <li>Hold workshops and awareness programmes at regular intervals.</li>
            <li>Give the committee’s members orientation programmes.</li>
            <li>Help a woman who chooses to file a police complaint.</li>
          </ul>
          <p>The workshops you hold are counted in the committee’s annual report (IN-13).</p>
        </Section>
        <Section title="In SafePlace" tint>
          <Cards
            items={[
              {
                title: 'Courses people finish',
                text: 'Short lessons and quizzes in English, Hindi, Kannada, Telugu, Tamil and Marathi, with reminders.',
              },
              {
                title: 'Assigned by rule',
                text: 'By business unit, department or joining date, so a new joiner is never missed.',
              },
              {
                title: 'Policies accepted',
                text: 'Your policy and the committee’s details, accepted by every employee with a dated record.',
              },
              { title: 'Proof on demand', text: 'Completion and acceptance reports per person, unit or period.' },
            ]}
          />
          <Actions />
        </Section>
      </>
    ),
  },
  {
    path: '/canada',
    title: 'Workplace harassment and violence prevention for federal employers in Canada · SafePlace',
    description:
      'What the Canada Labour Code Part II and the Work Place Harassment and Violence Prevention Regulations (SOR/2020-130) ask: notices of occurrence, resolution within one year, training every 3 years, the annual report by 1 March.',
    body: (
      <>
        <Hero
          title="Canada’s federal harassment and violence regulations"
          lead="Federally regulated employers work under the Canada Labour Code Part II and the Work Place Harassment and Violence Prevention Regulations (SOR/2020-130). Here is what they ask, and how SafePlace keeps each clock."
        >
          <Actions more={{ href: '/scorecards', label: 'Check where you stand' }} />
        </Hero>
        <Section title="What the regulations ask of you">
          <DutyTable
            caption="The employer’s duties under SOR/2020-130"
            rows={[
              {
                duty: 'Accept a notice of occurrence, oral or written, from the principal party or a witness, who may stay anonymous; write it up if it is given orally.',
                rule: 'CA-01',
                answer: 'Notices by form, on someone’s behalf, or anonymously without an account.',
              },
              {
                duty: 'Within 7 days, contact the principal party: receipt, access to the policy, each step, the right to representation.',
                rule: 'CA-02',
                answer: 'A 7-day clock on every notice, and the first contact’s content ready to send.',
              },
              {
                duty: 'Start negotiated resolution with a meeting within 45 days of the notice.',
                rule: 'CA-04',
                answer: 'The 45-day clock and the meeting on the case’s timeline.',
              },
              {
                duty: 'Monthly status updates to both parties until the process ends.',
                rule: 'Section 34; CA-08',
                answer: 'A monthly reminder per party from the right month.',
              },
              {
                duty: 'Complete the whole resolution process within 1 year of the notice.',
                rule: 'CA-07',
                answer: 'The one-year clock on every case, with the cases at risk listed.',
              },
              {
                duty: 'Train employees within 3 months of hire and every 3 years; designated recipients before they receive notices; the employer every 3 years.',
                rule: 'CA-11',
                answer: 'Courses assigned by joining date, with certificates that expire and are renewed.',
              },
              {
                duty: 'File the annual report by 1 March for the previous calendar year.',
                rule: 'Section 36; CA-10',
                answer: 'The report’s counts and averages from your cases, with no identifying information.',
              },
            ]}
          />
        </Section>
        <Section title="Read more" tint>
          <Cards
            items={CANADA_TOPICS.map((t) => ({
              title: t.title,
              href: `/canada/${t.slug}`,
              text: CANADA_SUMMARY[t.slug],
            }))}
          />
        </Section>
      </>
    ),
  },
  {
    path: '/canada/complaint-process',
    title: 'From notice of occurrence to resolution in Canada · SafePlace',
    description:
      'The federal resolution process: the notice of occurrence, first contact within 7 days, negotiated resolution within 45 days, conciliation, investigation, and completion within one year.',
    body: (
      <>
        <Crumbs trail={[CANADA]} />
        <Hero title="From notice of occurrence to resolution" lead={CANADA_SUMMARY['complaint-process']} />
        <Section title="Step by step">
          <ol className="steps">
            <li>
              <strong>Notice of occurrence.</strong> Oral or written, to the employer or the designated recipient, with
              the parties’ names if known, the date and a detailed description. No time limit while employed; a former
              employee has 3 months after leaving (CA-01).
            </li>
            <li>
              <strong>First contact within 7 days.</strong> The principal party hears that the notice was received, how
              to read the policy, each step of the process and their right to representation (CA-02). The responding
              party’s first contact covers the same (CA-03).
            </li>
            <li>
              <strong>Initial review and negotiated resolution.</strong> A meeting within 45 days of the notice; if all
              agree it is not harassment or violence, the matter is resolved (CA-04).
            </li>
            <li>
              <strong>Conciliation or investigation.</strong> Conciliation only if both parties agree; an investigation
              if the principal party asks, by an investigator from a jointly developed list (CA-05). The report carries
              no identifying information, and the recommendations the employer and committee choose must be implemented
              (CA-06).
            </li>
            <li>
              <strong>Monthly updates and the one-year limit.</strong> Status updates every month to both parties, and
              the whole process completed within one year of the notice (CA-07, CA-08).
            </li>
          </ol>
        </Section>
        <Section title="In SafePlace" tint>
          <p>
            The statutory process for federal employers comes ready to publish, with each clock on every case and the
            monthly updates reminded.
          </p>
          <Actions />
        </Section>
      </>
    ),
  },
  {
    path: '/canada/annual-report',
    title: 'Canada’s workplace harassment and violence annual report (LAB1206) · SafePlace',
    description:
      'The annual report due by 1 March under section 36 of SOR/2020-130: what it contains and how SafePlace prepares its figures.',
    body: (
      <>
        <Crumbs trail={[CANADA]} />
        <Hero title="The annual report due by 1 March" lead={CANADA_SUMMARY['annual-report']} />
        <Section title="What it contains">
          <p>
            The report (section 36, form LAB1206; CA-10) gives the employer’s name, business number and contact, and for
            the previous calendar year:
          </p>
          <ul>
            <li>the total number of occurrences, sexual and non-sexual;</li>
            <li>deaths, and the prohibited grounds of discrimination where known;</li>
            <li>where the occurrences took place and the relationship between the parties;</li>
            <li>how they were resolved, and the average number of months to resolve them.</li>
          </ul>
        </Section>
        <Section title="In SafePlace" tint>
          <p>
            Each count and the average are computed from the year’s closed and open cases, and the export names no one.
          </p>
          <Actions />
        </Section>
      </>
    ),
  },
  {
    path: '/canada/training',
    title: 'Harassment and violence prevention training in Canada · SafePlace',
    description:
      'Who must be trained under SOR/2020-130 and when: employees within 3 months of hire and every 3 years, designated recipients before receiving notices, the employer every 3 years.',
    body: (
      <>
        <Crumbs trail={[CANADA]} />
        <Hero title="Training every three years" lead={CANADA_SUMMARY.training} />
        <Section title="Who, and when (CA-11)">
          <ul>
            <li>
              Every employee within 3 months of being hired, then every 3 years, and after changes to the training.
            </li>
            <li>Designated recipients before they receive notices of occurrence, then every 3 years.</li>
            <li>The employer every 3 years.</li>
            <li>The training itself is reviewed every 3 years.</li>
          </ul>
        </Section>
        <Section title="In SafePlace" tint>
          <p>
            Courses are assigned from the joining date so the 3 months are met, certificates carry their expiry, and
            people are assigned again before it. Reports show who is due, late or done.
          </p>
          <Actions />
        </Section>
      </>
    ),
  },
  {
    path: '/canada/policy-and-assessment',
    title: 'The prevention policy and the workplace assessment in Canada · SafePlace',
    description:
      'Reviewing the harassment and violence prevention policy and the workplace assessment every 3 years, and the records the regulations ask you to keep.',
    body: (
      <>
        <Crumbs trail={[CANADA]} />
        <Hero title="The policy and the workplace assessment" lead={CANADA_SUMMARY['policy-and-assessment']} />
        <Section title="What the regulations ask">
          <p>
            The prevention policy and the workplace assessment are reviewed at least every 3 years, and after certain
            occurrences; when the responding party is a third party, the assessment is updated (CA-12). The records kept
            include the policy, the assessments and their reviews, each notice of occurrence, and disagreements with the
            committee (section 35; CA-09).
          </p>
        </Section>
        <Section title="In SafePlace" tint>
          <p>
            Policies are versioned and accepted by every employee, and each review is on record with its date, so the
            next one is never a surprise.
          </p>
          <Actions />
        </Section>
      </>
    ),
  },
];
