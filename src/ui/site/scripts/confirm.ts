export {};
// The confirmation page's script (/confirm?code=...): confirms the request's address with the code from the mail.
const box = document.getElementById('confirm-status');
const code = new URLSearchParams(location.search).get('code');

function show(kind: 'ok' | 'bad', text: string): void {
  if (!box) return;
  box.className = kind;
  box.textContent = text;
}

if (box && code) {
  fetch('/main-api/api/leads/confirm', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ code }),
  })
    .then((res) =>
      show(
        res.ok ? 'ok' : 'bad',
        res.ok
          ? 'Your address is confirmed. We will be in touch within one working day.'
          : 'This confirmation link is not valid. Check that you opened the whole link from our mail.',
      ),
    )
    .catch(() =>
      show('bad', 'We could not confirm your address just now: check your connection and reload this page.'),
    );
} else if (box) {
  box.textContent = '';
}
