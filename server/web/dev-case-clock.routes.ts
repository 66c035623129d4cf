import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { CaseJobs } from '../case/complaints/case-jobs';
import { backdateCase } from '../case/complaints/complaints.repository';
import type { ApiDeps } from '../platform/deps';
import { OutboxMessages } from '../platform/messages';
import { devRequestAllowed } from './dev-only';

const Body = z.strictObject({ complaintId: z.uuid(), backdateDays: z.number().int().min(0).max(400) });

/**
 * Development only, with the outbox page (settings.outboxPage, never with real mail): a journey's time machine for one
 * case. `POST /dev/case-daily` on a workspace's host moves the case's dates back `backdateDays` days (as if it had been
 * received that long ago) and runs that workspace's daily case job now (clocks, reminders, escalations), so a missed
 * clock can be seen on the case page and the figures page without moving the server's clock, which other journeys
 * running at the same time share. Loopback only, never through a proxy, on a workspace's own host, as the outbox page.
 */
export async function devCaseClockRoutes(app: FastifyInstance, deps: ApiDeps): Promise<void> {
  if (!deps.settings.outboxPage || !(deps.mail instanceof OutboxMessages)) return;
  const jobs = new CaseJobs(
    deps.db,
    deps.mail,
    deps.clock,
    deps.settings.publicUrl ?? `http://${deps.settings.mainHost}`,
  );
  app.post('/dev/case-daily', async (request, reply) => {
    const site = request.ctx?.site;
    if (!devRequestAllowed(request, 'workspace') || site?.kind !== 'workspace') {
      return reply.code(404).send({ code: 'NOT_FOUND', message: 'No such route: POST /dev/case-daily' });
    }
    const parsed = Body.safeParse(request.body);
    if (!parsed.success)
      return reply.code(400).send({
        code: 'INVALID',
        message: 'complaintId and backdateDays',
        fields: Object.fromEntries(parsed.error.issues.map((i) => [i.path.join('.'), i.message])),
      });
    const ws = site.workspace.id;
    const { complaintId, backdateDays } = parsed.data;
    const found = await deps.db.tenant(ws, (tx) => backdateCase(tx, ws, complaintId, backdateDays));
    if (!found) return reply.code(404).send({ code: 'NOT_FOUND', message: 'No such case in this workspace' });
    return reply.send(await jobs.runDaily(ws));
  });
}
