import { invalid, refuse } from '../../../application/shared/refusal';
import { inject, injectable } from 'inversify';
import type { AccountSecurityApi, ChangePasswordResult } from '../../../application/auth/account-security.port';
import { ApiError } from '../../../application/shared/api-error';
import {
  changePassword,
  getSession,
  type ChangePasswordBody,
  type SessionInfo,
} from '../../../contracts/main/sessions.contract';
import { ApiClient, MainHttp } from '../api-client';

@injectable()
export class HttpAccountSecurityApi implements AccountSecurityApi {
  constructor(@inject(MainHttp) private readonly main: ApiClient) {}

  async changePassword(body: ChangePasswordBody): Promise<ChangePasswordResult> {
    try {
      const done = await this.main.call(changePassword, { body });
      return { ok: true, sessionsEnded: done.sessionsEnded };
    } catch (error) {
      if (ApiError.is(error) && error.reason === 'invalid' && error.fields.currentPassword) {
        return invalid(error.fields.currentPassword, 'currentPassword');
      }
      if (ApiError.is(error) && error.reason === 'invalid' && error.fields.userNewPassword) {
        return invalid(error.fields.userNewPassword, 'userNewPassword');
      }
      if (ApiError.is(error) && error.reason === 'rate-limited') {
        const minutes = Math.ceil((error.retryAfterSeconds ?? 60) / 60);
        const message = `Too many wrong passwords. Please wait ${minutes} minute(s) and try again.`;
        return refuse('rate-limited', message, {
          fields: { currentPassword: message },
          retryAfterSeconds: error.retryAfterSeconds,
        });
      }
      throw error;
    }
  }

  async session(sessionId: string): Promise<SessionInfo | null> {
    try {
      return await this.main.call(getSession, { params: { id: sessionId } });
    } catch (error) {
      if (ApiError.is(error) && error.reason === 'not-found') return null;
      throw error;
    }
  }
}
