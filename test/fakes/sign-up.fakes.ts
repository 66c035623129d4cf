import type { ProfilePictureApi } from '../../src/application/auth/profile-picture.port';
import type {
  ConfirmEmailResult,
  ResendResult,
  SignUpApi,
  SignUpResult,
} from '../../src/application/auth/sign-up.port';
import type { ProfileImageUpload, SignUpBody } from '../../src/contracts/main/signup.contract';
import { invalid, refuse, type Outcome } from '../../src/application/shared/refusal';

const SENT = 'Check your email.';

function refused(code: 'closed' | 'not-allowed', message: string) {
  return refuse('forbidden', message, { code, fields: { userEmail: message } });
}

/** Sign-up and confirmation as the server answers them: an allow-list, single-use links, the same answer for everyone. */
export class FakeSignUpApi implements SignUpApi, ProfilePictureApi {
  open = true;
  allowed = ['@joiners.test'];
  received: SignUpBody[] = [];
  resent: string[] = [];
  /** code -> state */
  links = new Map<string, 'live' | 'used' | 'expired'>([
    ['live-code', 'live'],
    ['old-code', 'expired'],
  ]);
  uploads: { token: string; size: number; name: string }[] = [];
  removed = 0;
  private nextToken = 1;

  async signUp(body: SignUpBody): Promise<SignUpResult> {
    this.received.push(body);
    if (!this.open) return refused('closed', 'Acme does not take sign-ups.');
    const email = body.userEmail.toLowerCase();
    if (!this.allowed.some((entry) => email === entry || email.endsWith(entry))) {
      return refused('not-allowed', 'This email cannot sign up to Acme.');
    }
    return { ok: true, message: SENT };
  }

  async confirmEmail(code: string): Promise<ConfirmEmailResult> {
    const state = this.links.get(code);
    if (!state) return refuse('not-found', 'This confirmation link is not valid.', { code: 'not-found' });
    if (state === 'used') return refuse('gone', 'This email is already confirmed. Sign in.', { code: 'used' });
    if (state === 'expired')
      return refuse('gone', 'This confirmation link has expired. Ask for a new one.', { code: 'expired' });
    this.links.set(code, 'used');
    return { ok: true, email: 'nila@joiners.test' };
  }

  async resendConfirmation(userEmail: string): Promise<ResendResult> {
    this.resent.push(userEmail);
    return { ok: true, message: SENT };
  }

  async requestUpload(): Promise<ProfileImageUpload> {
    const token = `token-${this.nextToken++}`;
    return {
      uploadUrl: `/main-api/api/user/profile-image/upload/${token}`,
      uploadToken: token,
      expiresAt: '2027-01-01T00:00:00.000Z',
      maxBytes: 2 * 1024 * 1024,
      contentTypes: ['image/png', 'image/jpeg', 'image/webp'],
    };
  }

  async upload(target: ProfileImageUpload, file: Blob, fileName: string): Promise<Outcome<{ url: string }>> {
    this.uploads.push({ token: target.uploadToken, size: file.size, name: fileName });
    if (fileName.endsWith('.svg')) return invalid('The picture must be a PNG, JPEG or WebP image');
    return { ok: true, url: `/main-api/api/user/profile-image/u1/${'a'.repeat(16)}` };
  }

  async remove(): Promise<void> {
    this.removed++;
  }
}
