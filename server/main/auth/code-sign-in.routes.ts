import type { FastifyInstance } from 'fastify';
import {
  forgotPassword,
  resetPassword,
  signInCreateOtp,
  signInCreateSmsOtp,
  signInVerifyOtp,
  signInVerifySmsOtp,
} from '../../../src/contracts/main/auth.contract';
import type { ApiDeps } from '../../platform/deps';
import { answer } from '../../platform/refusal';
import { currentWorkspace, serve } from '../../platform/serve';
import { CodeSignIn } from './code-sign-in.service';
import { visitorActor } from '../../platform/actor';

/** Sign-in by emailed or texted code, and forgotten passwords (code-sign-in.service.ts). */
export async function codeSignInRoutes(app: FastifyInstance, deps: ApiDeps): Promise<void> {
  const service = new CodeSignIn(deps);

  serve(app, signInCreateOtp, async ({ body, site, request }) =>
    service.requestEmailCode(currentWorkspace(site), body.userEmail, request.ip),
  );
  serve(app, signInVerifyOtp, async (ctx) =>
    answer(await service.verifyEmailCode(currentWorkspace(ctx.site), ctx.body, visitorActor(ctx))),
  );
  serve(app, signInCreateSmsOtp, async ({ body, site, request }) =>
    answer(await service.requestSmsCode(currentWorkspace(site), body.contactNumber, request.ip)),
  );
  serve(app, signInVerifySmsOtp, async (ctx) =>
    answer(await service.verifySmsCode(currentWorkspace(ctx.site), ctx.body, visitorActor(ctx))),
  );
  serve(app, forgotPassword, async ({ body, site, request }) =>
    service.forgotPassword(currentWorkspace(site), body.userEmail, request.ip),
  );
  serve(app, resetPassword, async ({ body, site, request }) =>
    answer(await service.resetPassword(currentWorkspace(site), body, request.ip)),
  );
}
