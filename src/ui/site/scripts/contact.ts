export {};
// The contact form's script (/contact-us): checks the fields, sends the request to the main API, and says what happened
// in the status region, with the server's field errors under their fields.
const form = document.getElementById('lead-form') as HTMLFormElement | null;
const status = document.getElementById('lead-status');

const FIELDS = ['name', 'workEmail', 'organisation', 'country', 'size', 'message'] as const;

function showError(name: string, message: string): void {
  const input = form?.elements.namedItem(name) as HTMLInputElement | null;
  const slot = document.getElementById(`f-${name}-error`);
  if (input) input.setAttribute('aria-invalid', message ? 'true' : 'false');
  if (slot) slot.textContent = message;
}

function say(kind: 'ok' | 'bad' | '', html: string): void {
  if (!status) return;
  status.className = kind;
  status.textContent = html;
}

if (form && status) {
  // A request from the scorecard says so, and carries the score into the message box.
  const params = new URLSearchParams(location.search);
  const source = form.elements.namedItem('source') as HTMLInputElement;
  const from = params.get('from');
  if (from === 'scorecard' || from === 'event' || from === 'webinar') source.value = from;
  const score = params.get('score');
  if (from === 'scorecard' && score && /^\d{1,3}$/.test(score)) {
    (form.elements.namedItem('message') as HTMLTextAreaElement).value =
      `Our scorecard result was ${score} out of 100. We would like help with what to fix.`;
  }

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const data = new FormData(form);
    const value = (name: string) => String(data.get(name) ?? '').trim();
    let firstBad: string | null = null;
    const required: Record<string, string> = {
      name: 'Enter your name',
      workEmail: 'Enter your work email',
      organisation: 'Enter your organisation',
      country: 'Choose a country',
      size: 'Choose a size',
    };
    for (const name of FIELDS) {
      const missing = name in required && !value(name) ? required[name] : '';
      const badEmail =
        name === 'workEmail' && value(name) && !/^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/.test(value(name))
          ? 'Enter an email address like name@company.com'
          : '';
      showError(name, missing || badEmail);
      if ((missing || badEmail) && !firstBad) firstBad = name;
    }
    if (firstBad) {
      (form.elements.namedItem(firstBad) as HTMLElement).focus();
      say('bad', 'Please correct the fields marked above.');
      return;
    }
    const body: Record<string, string> = {
      name: value('name'),
      workEmail: value('workEmail'),
      organisation: value('organisation'),
      country: value('country'),
      size: value('size'),
      source: value('source') || 'contact-us',
    };
    if (value('message')) body.message = value('message');
    if (value('website')) body.website = value('website');
    const button = form.querySelector('button[type=submit]') as HTMLButtonElement;
    button.disabled = true;
    say('', 'Sending…');
    try {
      const res = await fetch('/main-api/api/leads', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      if (res.ok) {
        form.reset();
        say(
          'ok',
          `Thank you. We have your request and will reply within one working day. We sent a link to ${body.workEmail}: open it to confirm your address.`,
        );
        return;
      }
      const error = (await res.json().catch(() => ({}))) as { message?: string; fields?: Record<string, string> };
      for (const [name, message] of Object.entries(error.fields ?? {})) showError(name, message);
      say(
        'bad',
        res.status === 429
          ? 'We have had several requests from here already. Please try again later.'
          : (error.message ?? 'Your request could not be sent. Please try again.'),
      );
    } catch {
      say('bad', 'Your request could not be sent: check your connection and try again.');
    } finally {
      button.disabled = false;
    }
  });
}
