import type { FastifyInstance } from 'fastify';
import { getSession } from '../../../src/contracts/main/sessions.contract';
import type { ApiDeps } from '../../platform/deps';
import { notFound, unauthorized } from '../../platform/errors';
import { serve } from '../../platform/serve';
import { findOwnSession } from './sessions.repository';

/** One's own sessions, read by id. */
export async function sessionRoutes(app: FastifyInstance, deps: ApiDeps): Promise<void> {
  serve(app, getSession, async ({ params, principal }) => {
    if (!principal) throw unauthorized();
    const session = await findOwnSession(deps.db, principal, params.id);
    if (!session) throw notFound('There is no such session of yours');
    return session;
  });
}
