import type { FastifyInstance } from 'fastify';
import type { ApiDeps } from '../platform/deps';
import { OutboxMessages } from '../platform/messages';
import { recentOutbox } from './dev-outbox.repository';

import { devRequestAllowed, plainText } from './dev-only';

/**
 * Development only (settings.outboxPage): the outbox of mail and SMS, newest first, as HTML for people and
 * JSON for tests (`/dev/outbox?to=...&format=json`). Never enabled when real mail or SMS is configured (server/config.ts).
 */
export async function devOutboxRoutes(app: FastifyInstance, deps: ApiDeps): Promise<void> {
  // Off whenever a real transport carries mail or SMS, whatever the settings say (server/config.ts also turns it off).
  if (!deps.settings.outboxPage || !(deps.mail instanceof OutboxMessages) || !(deps.sms instanceof OutboxMessages))
    return;
  app.get<{ Querystring: { to?: string; format?: string } }>('/dev/outbox', async (request, reply) => {
    // It shows every code sent: only to this machine, asked directly (never through a proxy) on the main host, whatever the settings say.
    if (!devRequestAllowed(request, 'main'))
      return reply.code(404).send({ code: 'NOT_FOUND', message: 'No such route: GET /dev/outbox' });
    const { to: rawTo, format } = request.query;
    if (rawTo !== undefined && !plainText(rawTo))
      return reply
        .code(400)
        .send({ code: 'INVALID', message: 'to: an address or phone number', fields: { to: 'Not an address' } });
    if (format !== undefined && format !== 'json' && format !== 'html')
      return reply
        .code(400)
        .send({ code: 'INVALID', message: 'format: json or html', fields: { format: 'json or html' } });
    const to = rawTo === undefined ? null : rawTo.toLowerCase();
    const messages = await recentOutbox(deps.db, to);
    reply.header('cache-control', 'no-store');
    if (format === 'json') return messages;
    const esc = (s: string | null) =>
      (s ?? '').replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);
    reply.type('text/html; charset=utf-8');
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Outbox (development)</title></head><body>
<h1>Outbox (development only)</h1><p>Mail and SMS that would have been sent, newest first.</p>
<table border="1" cellpadding="6"><thead><tr><th>When</th><th>Channel</th><th>To</th><th>Subject</th><th>Message</th></tr></thead><tbody>
${messages.map((m) => `<tr><td>${esc(m.at)}</td><td>${esc(m.channel)}</td><td>${esc(m.to)}</td><td>${esc(m.subject)}</td><td>${esc(m.body)}${m.attachments.map((a) => `<details><summary>${esc(a.fileName)} (${esc(a.contentType)})</summary><pre>${esc(a.content)}</pre></details>`).join('')}</td></tr>`).join('\n')}
</tbody></table></body></html>`;
  });
}
