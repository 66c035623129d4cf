import type { SitePage } from './site-pages';
import { Doc } from './site-parts';

/** The privacy notice and the terms of service: complete documents for a product that holds complaint data. */
export const legalPages: SitePage[] = [
  {
    path: '/privacy',
    title: 'Privacy notice · SafePlace',
    description:
      'What personal data SafePlace holds for the organisations that use it and for visitors, including complaint data, why, who can see it, how long it is kept, and your rights.',
    body: (
      <Doc>
        <h1>Privacy notice</h1>
        <p className="lead">
          SafePlace holds some of the most sensitive information an organisation has: reports of harassment and the
          evidence that comes with them. This notice says what we hold, why, who can see it and for how long.
        </p>
        <h2 id="roles">1. Who is responsible</h2>
        <p>
          Each organisation that uses SafePlace (the <em>customer</em>) decides what its workspace is used for and is
          responsible for the personal data in it, as the controller. SafePlace processes that data on the customer’s
          instructions, under the <a href="/terms">terms</a> and the customer’s agreement. For this public site, its
          contact form and the demo requests it collects, SafePlace is the controller.
        </p>
        <h2 id="data">2. What we hold</h2>
        <h3>In a customer’s workspace</h3>
        <ul>
          <li>
            Account data: name, work email or phone number, employee id, business unit, department, designation, role,
            and sign-in records.
          </li>
          <li>
            Learning data: courses assigned, progress, quiz answers and scores, certificates, and policy acceptances
            with their dates.
          </li>
          <li>
            Complaint data: the complaint or notice, the parties’ and witnesses’ details, evidence files, meeting
            minutes, messages, decisions and the case’s deadlines. This may include information about health, sex life
            or sexual orientation, which we treat as the most sensitive category.
          </li>
          <li>
            Security records: which account viewed which case and when (the access log), and audit records of
            administrative changes.
          </li>
        </ul>
        <h3>On this public site</h3>
        <ul>
          <li>
            A demo or contact request: your name, work email, organisation, country, organisation size and message.
          </li>
          <li>
            The scorecard’s answers stay in your browser; they are not sent to us unless you choose to contact us.
          </li>
          <li>Server logs of requests, kept for security; this site sets no advertising or tracking cookies.</li>
        </ul>
        <h2 id="purposes">3. Why we use it</h2>
        <ul>
          <li>
            To run the service the customer asked for: training, policies, and the handling of complaints by the
            customer’s committee.
          </li>
          <li>To keep the service secure: sign-in protection, rate limits, the access log and the audit trail.</li>
          <li>
            To answer a demo or contact request, and to mail you once to confirm your address. We do not add you to a
            mailing list without asking.
          </li>
        </ul>
        <p>We do not sell personal data, use complaint data to train any model, or use it for advertising.</p>
        <h2 id="complaints">4. Complaint data and confidentiality</h2>
        <ul>
          <li>Only the committee members assigned to a case can open it. SafePlace staff cannot read cases.</li>
          <li>Every view of a case is recorded in its access log, which the committee can review.</li>
          <li>
            Evidence files are encrypted at rest; statistics and annual-report exports contain no names or identifiers.
          </li>
          <li>
            A person who reports without an account may leave their name out. We do not store the network address of an
            anonymous report; limits on how often reports can be sent use a keyed one-way value that cannot be turned
            back into an address. What the report itself says may still identify its author.
          </li>
        </ul>
        <h2 id="sharing">5. Who else receives it</h2>
        <p>
          Hosting, storage and message delivery providers process data for us under written agreements and only to run
          the service. We disclose data to authorities only where the law requires it, and we tell the customer unless
          the law forbids it.
        </p>
        <h2 id="retention">6. How long we keep it</h2>
        <ul>
          <li>
            Workspace data for as long as the customer’s agreement runs, then it is deleted when the customer deletes
            the workspace or the agreement ends.
          </li>
          <li>
            Case records for the period the customer sets, and never closed or purged before the time for an appeal has
            passed (90 days from the recommendations under the POSH Act).
          </li>
          <li>
            Demo and contact requests for up to two years after our last exchange, unless you ask us to delete them
            sooner.
          </li>
        </ul>
        <h2 id="security">7. Security</h2>
        <p>
          Each workspace is separated from every other at the database level; connections are encrypted; passwords are
          stored as slow one-way hashes; backups are encrypted. We notify affected customers without undue delay of a
          breach that affects their data.
        </p>
        <h2 id="rights">8. Your rights</h2>
        <p>
          You may ask to see, correct or delete your personal data, or object to its use. For data in a workspace, ask
          your organisation first: it controls that data, and some records (a complaint file, for example) must be kept
          while the law requires. For a demo request, write to us from the address you gave, through the{' '}
          <a href="/contact-us">contact page</a>.
        </p>
        <h2 id="changes">9. Changes</h2>
        <p>
          We publish changes to this notice on this page, and tell customers of material changes before they take
          effect.
        </p>
      </Doc>
    ),
  },
  {
    path: '/terms',
    title: 'Terms of service · SafePlace',
    description:
      'The terms on which organisations use SafePlace: accounts, acceptable use, complaint data and confidentiality, the customer’s legal duties, availability, liability and ending the service.',
    body: (
      <Doc>
        <h1>Terms of service</h1>
        <p className="lead">
          These terms apply to every organisation that uses SafePlace and to everyone who signs in to a workspace. A
          signed agreement with a customer prevails over them where the two differ.
        </p>
        <h2 id="service">1. The service</h2>
        <p>
          SafePlace provides each customer with a workspace for training, policy acceptance and the handling of
          workplace complaints. It computes the deadlines and prepares the figures the law asks for, but the customer
          and its committee make every decision in a case.
        </p>
        <h2 id="not-advice">2. Not legal advice</h2>
        <p>
          Our pages and the statutory processes we provide explain the law as we understand it, to help you plan. They
          are not legal advice; the customer remains responsible for meeting its own obligations, and should confirm
          them with counsel.
        </p>
        <h2 id="accounts">3. Accounts</h2>
        <ul>
          <li>
            The customer’s administrators invite people and decide their roles; each person keeps their sign-in details
            to themselves.
          </li>
          <li>The customer tells us at once of any unauthorised use it learns of.</li>
          <li>We may suspend an account that puts the service or other users at risk, and we tell the customer why.</li>
        </ul>
        <h2 id="use">4. Acceptable use</h2>
        <p>
          No one may use the service to harass, to retaliate against a person who reported, to identify an anonymous
          reporter, to upload unlawful content or malware, or to probe or overload the service.
        </p>
        <h2 id="complaint-data">5. Complaint data</h2>
        <ul>
          <li>
            The customer owns its data. We process it only to provide the service, as the{' '}
            <a href="/privacy">privacy notice</a> describes.
          </li>
          <li>Committee members keep what they see in a case confidential; access is limited and recorded.</li>
          <li>
            We do not read cases. Our staff reach a workspace’s data only when the customer asks for support, and only
            as far as the request needs.
          </li>
          <li>The customer can export its records at any time, and for 30 days after the agreement ends.</li>
        </ul>
        <h2 id="availability">6. Availability and changes</h2>
        <p>
          We aim for the service to be available at all times, announce planned maintenance in the workspace beforehand,
          and keep data safe across maintenance. We may improve the service; we do not remove a feature a customer
          relies on for a legal duty without notice.
        </p>
        <h2 id="fees">7. Fees and term</h2>
        <p>
          Fees, the number of users and the contract period are in the customer’s order. When a contract ends, the
          workspace closes without deleting anything; the customer may renew or export, after which the data is deleted.
        </p>
        <h2 id="liability">8. Liability</h2>
        <p>
          Neither party limits liability for what the law does not allow to be limited. Otherwise, each party’s
          liability is limited to the fees paid in the twelve months before the claim, and neither is liable for
          indirect loss.
        </p>
        <h2 id="ending">9. Ending the service</h2>
        <p>
          A customer may end the service as its order provides. We may end it for a serious breach of these terms that
          is not put right within 30 days of notice.
        </p>
        <h2 id="law">10. Changes to these terms</h2>
        <p>We publish changes here and tell customers of material changes at least 30 days before they take effect.</p>
      </Doc>
    ),
  },
];
