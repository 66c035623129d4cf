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
        return {
          ok: false,
          reason: error.code === SIGN_UP_CLOSED ? 'closed' : 'not-allowed',
          message: error.message,
          field: 'userEmail',
        };
      if (error.reason === 'conflict' && error.code === 'USER_LIMIT')
        return { ok: false, reason: 'user-limit', message: error.message };
      if (error.reason === 'rate-limited')
        return { ok: false, reason: 'rate-limited', message: waitMessage(error.retryAfterSeconds) };
      if (error.reason === 'invalid' && error.fields.userPassword)
        return { ok: false, reason: 'weak-password', message: error.fields.userPassword, field: 'userPassword' };
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
        return {
          ok: false,
          reason: 'not-found',
          message:
            error.reason === 'invalid'
              ? 'This confirmation link is not valid. Check that you opened the whole link from the email.'
              : error.message,
        };
      if (error.reason === 'gone')
        return { ok: false, reason: error.code === 'CONFIRMATION_USED' ? 'used' : 'expired', message: error.message };
      throw error;
    }
  }

  async resendConfirmation(userEmail: string): Promise<ResendResult> {
    try {
      const { message } = await this.main.call(resendConfirmationEmail, { body: { userEmail } });
      return { ok: true, message };
    } catch (error) {
      if (ApiError.is(error) && error.reason === 'rate-limited')
        return { ok: false, reason: 'rate-limited', message: waitMessage(error.retryAfterSeconds) };
      throw error;
    }
  }

  requestUpload(): Promise<ProfileImageUpload> {
    return this.main.call(generateProfileImageUploadUrl, { body: {} });
  }

  async upload(
    target: ProfileImageUpload,
    file: Blob,
    fileName: string,
  ): Promise<{ ok: true; url: string } | { ok: false; message: string }> {
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
        return { ok: false, message: error.message };
      throw error;
    }
  }

  async remove(): Promise<void> {
    await this.main.call(removeProfileImage);
  }
}
