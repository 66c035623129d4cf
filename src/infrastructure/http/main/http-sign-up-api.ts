import {
  confirmEmail,
  generateProfileImageUploadUrl,
  PROFILE_IMAGE_FIELD,
  removeProfileImage,
  resendConfirmationEmail,
  signUp,
  SIGN_UP_CLOSED,
  uploadProfileImage,
  type ProfileImageUpload,
  type SignUpBody,
} from '../../../contracts/main/signup.contract';
import type { ProfilePictureApi } from '../../../application/auth/profile-picture.port';
import type { ConfirmEmailResult, ResendResult, SignUpApi, SignUpResult } from '../../../application/auth/sign-up.port';
import { ApiError } from '../../../application/shared/api-error';
import { refuse, type Outcome } from '../../../application/shared/refusal';
import type { ApiClient } from '../api-client';

const waitMessage = (seconds = 60) =>
  `Too many requests. Please wait ${Math.ceil(seconds / 60)} minute(s) and try again.`;

export class HttpSignUpApi implements SignUpApi, ProfilePictureApi {
  constructor(private readonly main: ApiClient) {}

  async signUp(body: SignUpBody): Promise<SignUpResult> {
    try {
      const { message } = await this.main.call(signUp, { body });
      return { ok: true, message };
    } catch (error) {
      if (!ApiError.is(error)) throw error;
      if (error.reason === 'forbidden')
        return refuse('forbidden', error.message, {
          code: error.code === SIGN_UP_CLOSED ? 'closed' : 'not-allowed',
          fields: { userEmail: error.message },
        });
      if (error.reason === 'conflict' && error.code === 'USER_LIMIT')
        return refuse('conflict', error.message, { code: 'user-limit' });
      if (error.reason === 'rate-limited')
        return refuse('rate-limited', waitMessage(error.retryAfterSeconds), {
          retryAfterSeconds: error.retryAfterSeconds,
        });
      if (error.reason === 'invalid' && error.fields.userPassword)
        return refuse('invalid', error.fields.userPassword, {
          code: 'weak-password',
          fields: { userPassword: error.fields.userPassword },
        });
      throw error;
    }
  }

  async confirmEmail(code: string): Promise<ConfirmEmailResult> {
    try {
      const { email } = await this.main.call(confirmEmail, { params: { code } });
      return { ok: true, email };
    } catch (error) {
      if (!ApiError.is(error)) throw error;
      if (error.reason === 'not-found' || error.reason === 'invalid')
        return refuse(
          'not-found',
          error.reason === 'invalid'
            ? 'This confirmation link is not valid. Check that you opened the whole link from the email.'
            : error.message,
          { code: 'not-found' },
        );
      if (error.reason === 'gone')
        return refuse('gone', error.message, { code: error.code === 'CONFIRMATION_USED' ? 'used' : 'expired' });
      throw error;
    }
  }

  async resendConfirmation(userEmail: string): Promise<ResendResult> {
    try {
      const { message } = await this.main.call(resendConfirmationEmail, { body: { userEmail } });
      return { ok: true, message };
    } catch (error) {
      if (ApiError.is(error) && error.reason === 'rate-limited')
        return refuse('rate-limited', waitMessage(error.retryAfterSeconds), {
          retryAfterSeconds: error.retryAfterSeconds,
        });
      throw error;
    }
  }

  requestUpload(): Promise<ProfileImageUpload> {
    return this.main.call(generateProfileImageUploadUrl, { body: {} });
  }

  async upload(target: ProfileImageUpload, file: Blob, fileName: string): Promise<Outcome<{ url: string }>> {
    const form = new FormData();
    form.append(PROFILE_IMAGE_FIELD, file, fileName);
    try {
      const { profileImageUrl } = await this.main.call(uploadProfileImage, {
        params: { token: target.uploadToken },
        form,
      });
      return { ok: true, url: profileImageUrl };
    } catch (error) {
      if (ApiError.is(error) && (error.reason === 'invalid' || error.reason === 'too-large'))
        return refuse(error.reason, error.message, { fields: error.fields });
      throw error;
    }
  }

  async remove(): Promise<void> {
    await this.main.call(removeProfileImage);
  }
}
