import type { FastifyInstance } from 'fastify';
import { signIn, signOut, userDetails } from '../../../src/contracts/main/auth.contract';
import type { ApiDeps } from '../../platform/deps';
import { unauthorized } from '../../platform/errors';
import { answer } from '../../platform/refusal';
import { serve } from '../../platform/serve';
import { audit } from '../../platform/audit';
import { currentUser } from './current-user';
import { SignInService } from './sign-in.service';

export async function authRoutes(app: FastifyInstance, deps: ApiDeps): Promise<void> {
  const service = new SignInService(deps.db, deps.sessions, deps.passwords, deps.limits);

  serve(app, signIn, async ({ body, site, request }) =>
    answer(await service.signIn(site, body, request.ip, request.headers['user-agent'])),
  );

  serve(app, userDetails, async ({ principal, reply }) => {
    if (!principal) throw unauthorized();
    // A person's profile: no cache keeps it (docs/case.md "What is logged").
    reply.header('cache-control', 'private, no-store');
    return currentUser(deps.db, principal);
  });

  serve(app, signOut, async ({ principal, request }) => {
    if (!principal || principal.kind === 'api-key') throw unauthorized();
    const workspaceId = principal.kind === 'user' ? principal.workspaceId : null;
    await deps.sessions.revoke(principal.sessionId, workspaceId);
    await deps.db.system((tx) =>
      audit(tx, {
        workspaceId,
        actorUserId: principal.kind === 'user' ? principal.userId : null,
        actorPlatformAdminId: principal.kind === 'platform-admin' ? principal.platformAdminId : null,
        action: 'SIGN_OUT',
        ip: request.ip,
      }),
    );
    return { ok: true as const };
  });
}

// Kept here too for the routes that import it from this file.
export { currentUser };
