import { invalid, type Outcome } from '../shared/refusal';
import { profilePictureProblem } from '../../domain/auth/profile-picture';
import type { ProfilePictureApi } from './profile-picture.port';

export type ProfilePictureResult = Outcome<{ url: string }>;

/** Checks the chosen file (type, size), asks for an upload address and sends the picture there. */
export class ChangeProfilePicture {
  constructor(private readonly api: ProfilePictureApi) {}

  async execute(file: Blob & { name?: string }): Promise<ProfilePictureResult> {
    const problem = profilePictureProblem(file);
    if (problem) return invalid(problem);
    const target = await this.api.requestUpload();
    return this.api.upload(target, file, file.name ?? 'picture');
  }
}

export class RemoveProfilePicture {
  constructor(private readonly api: ProfilePictureApi) {}

  execute(): Promise<void> {
    return this.api.remove();
  }
}
