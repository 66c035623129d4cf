import type { Outcome } from '../shared/refusal';
import type { ProfileImageUpload } from '../../contracts/main/signup.contract';

/** One's own profile picture (main API). */
export const ProfilePictureApi = Symbol('ProfilePictureApi');
export interface ProfilePictureApi {
  /** A single-use upload address, valid a few minutes. */
  requestUpload(): Promise<ProfileImageUpload>;
  /** Sends the picture to that address; answers the picture's new address, or a refusal naming why. */
  upload(target: ProfileImageUpload, file: Blob, fileName: string): Promise<Outcome<{ url: string }>>;
  remove(): Promise<void>;
}
