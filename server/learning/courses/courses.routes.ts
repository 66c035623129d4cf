import type { FastifyInstance } from 'fastify';
import type { ApiDeps } from '../../platform/deps';

export async function courseRoutes(_app: FastifyInstance, _deps: ApiDeps): Promise<void> {}
