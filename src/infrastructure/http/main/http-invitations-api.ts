import { inject, injectable } from 'inversify';
import { resendUnusedInvites, unusedInviteCount, type UnusedInvites } from '../../../contracts/main/invites.contract';
import type { InvitationsApi } from '../../../application/invitations/invitations-api.port';
import { ApiClient, MainHttp } from '../api-client';

/** Sending the invitations of people who have not yet joined. Claiming a link is HttpInviteClaimApi (the sign-in pages'). */
@injectable()
export class HttpInvitationsApi implements InvitationsApi {
  constructor(@inject(MainHttp) private readonly main: ApiClient) {}

  unusedCount(): Promise<UnusedInvites> {
    return this.main.call(unusedInviteCount, { query: {} });
  }

  sendUnused(): Promise<{ sent: number }> {
    return this.main.call(resendUnusedInvites, { body: {} });
  }
}
