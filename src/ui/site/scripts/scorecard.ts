// The scorecard's script (/scorecards): shows the questions of the chosen jurisdiction and computes the score in the
// browser with the domain's rule. Nothing is sent anywhere; the "contact me" link carries only the score.
import { SCORECARD, scoreAnswers } from '../../../domain/leads/scorecard';

const form = document.getElementById('scorecard') as HTMLFormElement | null;
const result = document.getElementById('scorecard-result');

function chosen(): (typeof SCORECARD)[number] {
  const value = (form?.querySelector('input[name=jurisdiction]:checked') as HTMLInputElement | null)?.value;
  return SCORECARD.find((set) => set.jurisdiction === value) ?? SCORECARD[0];
}

function showChosen(): void {
  const set = chosen();
  form?.querySelectorAll<HTMLFieldSetElement>('fieldset.questions').forEach((fieldset) => {
    fieldset.hidden = fieldset.dataset.jurisdiction !== set.jurisdiction;
  });
}

if (form && result) {
  showChosen();
  form.addEventListener('change', (event) => {
    if ((event.target as HTMLInputElement).name === 'jurisdiction') showChosen();
  });
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const set = chosen();
    const data = new FormData(form);
    const yes = new Set(set.questions.filter((q) => data.get(q.id) === 'yes').map((q) => q.id));
    const unanswered = set.questions.filter((q) => !data.get(q.id)).length;
    const outcome = scoreAnswers(set, yes);
    const verdict = { good: 'In good shape', gaps: 'Some gaps to close', 'at-risk': 'At risk' }[outcome.band];
    result.replaceChildren();
    const heading = document.createElement('h2');
    heading.textContent = `Your score: ${outcome.score} out of 100`;
    const band = document.createElement('p');
    band.className = outcome.band === 'good' ? 'ok' : outcome.band === 'gaps' ? 'notice' : 'bad';
    band.textContent = `${verdict}.${unanswered ? ` ${unanswered} question${unanswered === 1 ? ' was' : 's were'} not answered and count as not in place.` : ''}`;
    result.append(heading, band);
    if (outcome.fixes.length) {
      const title = document.createElement('h3');
      title.textContent = 'What to fix, most important first';
      const list = document.createElement('ol');
      for (const fix of outcome.fixes) {
        const item = document.createElement('li');
        item.textContent = fix;
        list.append(item);
      }
      result.append(title, list);
    }
    const next = document.createElement('p');
    next.className = 'cta';
    const contact = document.createElement('a');
    contact.className = 'button big';
    contact.href = `/contact-us?from=scorecard&score=${outcome.score}`;
    contact.textContent = 'Ask us to help with this';
    next.append(contact);
    const note = document.createElement('p');
    note.className = 'small';
    note.textContent =
      'Your answers stay in this browser. Only if you ask us to contact you do we receive what you type in that form.';
    result.append(next, note);
    result.focus();
  });
}
