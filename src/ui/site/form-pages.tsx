import type { SitePage } from './site-pages';
import { Hero, Section } from './site-parts';
import { LEAD_COUNTRIES, LEAD_SIZES } from '../../domain/leads/lead';
import { SCORECARD } from '../../domain/leads/scorecard';

/** A field of the site's forms: a label tied to its input, a hint, and the place the script writes its error. */
function Field({
  name,
  label,
  type = 'text',
  autoComplete,
  required = true,
  hint,
}: {
  name: string;
  label: string;
  type?: string;
  autoComplete?: string;
  required?: boolean;
  hint?: string;
}) {
  return (
    <p className="field">
      <label htmlFor={`f-${name}`}>
        {label}
        {required ? null : <span className="optional"> (optional)</span>}
      </label>
      {hint ? (
        <span className="hint" id={`f-${name}-hint`}>
          {hint}
        </span>
      ) : null}
      <input
        id={`f-${name}`}
        name={name}
        type={type}
        autoComplete={autoComplete}
        required={required}
        aria-describedby={`f-${name}-error${hint ? ` f-${name}-hint` : ''}`}
      />
      <span className="error" id={`f-${name}-error`} />
    </p>
  );
}

function Select({
  name,
  label,
  options,
}: {
  name: string;
  label: string;
  options: readonly { value: string; label: string }[];
}) {
  return (
    <p className="field">
      <label htmlFor={`f-${name}`}>{label}</label>
      <select id={`f-${name}`} name={name} required aria-describedby={`f-${name}-error`} defaultValue="">
        <option value="" disabled>
          Choose…
        </option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <span className="error" id={`f-${name}-error`} />
    </p>
  );
}

/** Goes to a workspace's page from its address (public/site/workspace-go.js): nothing is looked up, so nothing is revealed. */
function WorkspaceForm({ target, button }: { target: string; button: string }) {
  return (
    <form className="form narrow" data-workspace-go={target} action="/identify" method="get">
      <p className="field">
        <label htmlFor="f-workspace">Your organisation’s SafePlace address</label>
        <span className="hint" id="f-workspace-hint">
          As in your invitation or on your intranet: for example <code>acme</code> or{' '}
          <code>acme.safeplace.example</code>.
        </span>
        <input
          id="f-workspace"
          name="workspace"
          type="text"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          required
          aria-describedby="f-workspace-hint f-workspace-error"
        />
        <span className="error" id="f-workspace-error" />
      </p>
      <p>
        <button type="submit" className="button big">
          {button}
        </button>
      </p>
    </form>
  );
}

export const formPages: SitePage[] = [
  {
    path: '/contact-us',
    title: 'Contact us and ask for a demo · SafePlace',
    description:
      'Ask for a demo of SafePlace or a question answered: tell us about your organisation and we reply within one working day.',
    script: 'contact.js',
    body: (
      <>
        <Hero
          title="Ask for a demo"
          lead="Tell us about your organisation. We reply within one working day, and we use these details only to answer you."
        />
        <Section>
          <form className="form" id="lead-form" action="/contact-us" method="post" noValidate>
            <div className="grid2">
              <Field name="name" label="Your name" autoComplete="name" />
              <Field name="workEmail" label="Work email" type="email" autoComplete="email" />
              <Field name="organisation" label="Organisation" autoComplete="organization" />
              <Select name="country" label="Country" options={LEAD_COUNTRIES} />
              <Select name="size" label="Number of employees" options={LEAD_SIZES} />
            </div>
            <p className="field">
              <label htmlFor="f-message">
                What would you like to know?<span className="optional"> (optional)</span>
              </label>
              <textarea id="f-message" name="message" rows={5} maxLength={2000} aria-describedby="f-message-error" />
              <span className="error" id="f-message-error" />
            </p>
            {/* A field people never see; a form filled by a robot fills it, and the server refuses it. */}
            <p className="trap" aria-hidden="true">
              <label htmlFor="f-website">Leave this empty</label>
              <input id="f-website" name="website" type="text" tabIndex={-1} autoComplete="off" />
            </p>
            <input type="hidden" name="source" value="contact-us" />
            <p>
              <button type="submit" className="button big">
                Send my request
              </button>
            </p>
            <div id="lead-status" role="status" aria-live="polite" />
          </form>
          <p className="small">
            We store your request to answer it and mail you a link to confirm your address. Read the{' '}
            <a href="/privacy">privacy notice</a>.
          </p>
        </Section>
      </>
    ),
  },
  {
    // Where the contact form lands when the browser sent it without JavaScript (server/main/leads/lead-form.routes.ts).
    path: '/contact-us/sent',
    title: 'Check your email · SafePlace',
    description:
      'Your request reached us: confirm your address from the mail we sent, and we reply within one working day.',
    noindex: true,
    body: (
      <>
        <Hero title="Check your email" lead="Your request reached us. We reply within one working day." />
        <Section>
          <p role="status">
            We sent you a mail with a link to confirm your address. Open it so that we know the request is yours.
          </p>
          <p>
            Meanwhile: <a href="/scorecards">check where you stand</a>, or read what the law asks in{' '}
            <a href="/india">India</a> and <a href="/canada">Canada</a>.
          </p>
        </Section>
      </>
    ),
  },
  {
    path: '/confirm',
    title: 'Confirm your request · SafePlace',
    description:
      'The page a demo request’s confirmation mail leads to: it confirms the address and says what happens next.',
    script: 'confirm.js',
    noindex: true,
    body: (
      <>
        <Hero title="Thank you" lead="Your request reached us. We reply within one working day." />
        <Section>
          <div id="confirm-status" role="status" aria-live="polite">
            <p>If you came here from our mail, we are confirming your address now.</p>
          </div>
          <p>
            Meanwhile: <a href="/scorecards">check where you stand</a>, or read what the law asks in{' '}
            <a href="/india">India</a> and <a href="/canada">Canada</a>.
          </p>
        </Section>
      </>
    ),
  },
  {
    path: '/scorecards',
    title: 'Harassment-prevention compliance scorecard · SafePlace',
    description:
      'Ten questions, two minutes: score your organisation’s compliance with the POSH Act or Canada’s federal regulations and see what to fix. Computed in your browser.',
    script: 'scorecard.js',
    body: (
      <>
        <Hero
          title="How compliant are you?"
          lead="Answer for your organisation as it is today. The score is computed in your browser: nothing you answer is sent or stored unless you ask us to contact you."
        />
        <Section>
          <form className="form" id="scorecard" action="/scorecards" method="get">
            <fieldset className="choice">
              <legend>Where do you operate?</legend>
              {SCORECARD.map((set, i) => (
                <label key={set.jurisdiction}>
                  <input type="radio" name="jurisdiction" value={set.jurisdiction} defaultChecked={i === 0} />{' '}
                  {set.label}
                </label>
              ))}
            </fieldset>
            {SCORECARD.map((set) => (
              <fieldset key={set.jurisdiction} className="questions" data-jurisdiction={set.jurisdiction}>
                <legend>{set.label}: ten questions</legend>
                <ol>
                  {set.questions.map((q) => (
                    <li key={q.id}>
                      <fieldset className="question">
                        <legend>{q.text}</legend>
                        <label>
                          <input type="radio" name={q.id} value="yes" /> Yes
                        </label>
                        <label>
                          <input type="radio" name={q.id} value="no" /> No or not sure
                        </label>
                      </fieldset>
                    </li>
                  ))}
                </ol>
              </fieldset>
            ))}
            <p>
              <button type="submit" className="button big">
                See my score
              </button>
            </p>
            <noscript>
              <p className="notice">
                The score is computed by a small script in this page; turn JavaScript on to see it.
              </p>
            </noscript>
          </form>
          <div id="scorecard-result" role="status" aria-live="polite" tabIndex={-1} />
        </Section>
      </>
    ),
  },
  {
    path: '/identify',
    title: 'Find your workspace · SafePlace',
    description:
      'Go to your organisation’s SafePlace workspace to sign in: type its address as given in your invitation.',
    script: 'workspace-go.js',
    body: (
      <>
        <Hero
          title="Find your workspace"
          lead="Every organisation has its own SafePlace address. Type yours to go to its sign-in page."
        />
        <Section>
          <WorkspaceForm target="/signin" button="Go to sign-in" />
          <p>
            Signed in already? <a href="/workspace/signin">See your workspaces</a>. Platform administrators{' '}
            <a href="/signin">sign in here</a>.
          </p>
        </Section>
      </>
    ),
  },
  {
    path: '/report',
    title: 'Report without signing in · SafePlace',
    description:
      'Report harassment or a concern to your organisation’s committee without an account and without giving your name: go to your organisation’s report page.',
    script: 'workspace-go.js',
    body: (
      <>
        <Hero
          title="Report without signing in"
          lead="Each organisation receives reports on its own SafePlace address. Type your organisation’s address to open its confidential report page."
        />
        <Section>
          <WorkspaceForm target="/report" button="Open the report page" />
          <h2>What to expect</h2>
          <ul>
            <li>You do not need an account, and you may leave your name out.</li>
            <li>Only your organisation’s committee reads the report; SafePlace staff do not.</li>
            <li>You receive a receipt key: keep it to read the committee’s questions and answer them.</li>
            <li>What you write can identify you even without your name: a date, a place or a detail only you know.</li>
          </ul>
          <p>In danger now? Call your local emergency number first.</p>
        </Section>
      </>
    ),
  },
];
