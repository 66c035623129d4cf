import type { FastifyInstance } from 'fastify';
import { confirmEmail, resendConfirmationEmail, signUp } from '../../../src/contracts/main/signup.contract';
import type { ApiDeps } from '../../platform/deps';
import { answer } from '../../platform/refusal';
import { currentWorkspace, serve } from '../../platform/serve';
import { siteOrigin } from '../invitations/invite-sender';
import { SignUps } from './signup.service';

/** Sign-up on a workspace that allows it, and the email confirmation that must follow before the first sign-in. */
export async function signUpRoutes(app: FastifyInstance, deps: ApiDeps): Promise<void> {
  const signUps = new SignUps(deps.db, deps.mail, deps.passwords, deps.limits, deps.people);

  serve(app, signUp, async ({ body, site, request, reply }) => {
    const answered = answer(
      await signUps.signUp(currentWorkspace(site), body, { ip: request.ip, origin: siteOrigin(request) }),
    );
    reply.code(202);
    return answered;
  });

  serve(app, confirmEmail, async ({ params, site, request }) =>
    answer(await signUps.confirm(currentWorkspace(site), params.code, request.ip)),
  );

  serve(app, resendConfirmationEmail, async ({ body, site, request, reply }) => {
    const answered = await signUps.resend(currentWorkspace(site), body.userEmail, {
      ip: request.ip,
      origin: siteOrigin(request),
    });
    reply.code(202);
    return answered;
  });
}
