import { inject, injectable } from 'inversify';
import { signIn, signOut, userDetails, type CurrentUser, type SignInBody } from '../../../contracts/main/auth.contract';
import type { AuthApi, SignInResult } from '../../../application/auth/auth-api.port';
import { ApiError } from '../../../application/shared/api-error';
import { ApiClient, MainHttp } from '../api-client';

@injectable()
export class HttpAuthApi implements AuthApi {
  constructor(@inject(MainHttp) private readonly main: ApiClient) {}

  async signIn(body: SignInBody): Promise<SignInResult> {
    try {
      return { ok: true, session: await this.main.call(signIn, { body }) };
    } catch (error) {
      if (ApiError.is(error) && error.status === 401) return { ok: false, reason: 'invalid-credentials' };
      if (ApiError.is(error) && error.status === 429) {
        return { ok: false, reason: 'rate-limited', retryAfterSeconds: error.retryAfterSeconds ?? 60 };
      }
      throw error;
    }
  }

  currentUser(): Promise<CurrentUser> {
    return this.main.call(userDetails);
  }

  async signOut(): Promise<void> {
    await this.main.call(signOut);
  }
}
