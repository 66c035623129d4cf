import { inject, injectable } from 'inversify';
import { makeAutoObservable, runInAction } from 'mobx';
import { ChangeProfilePicture, RemoveProfilePicture } from '../../application/auth/profile-picture.use-case';
import { describeError } from '../../application/shared/api-error';
import { SessionViewModel } from './session.view-model';

/** One's own profile picture on the profile page; the shell's avatar shows it from the session's user. */
@injectable()
export class ProfilePictureViewModel {
  status: 'idle' | 'uploading' | 'removing' = 'idle';
  error: string | null = null;
  notice: string | null = null;

  constructor(
    @inject(ChangeProfilePicture) private readonly change: ChangeProfilePicture,
    @inject(RemoveProfilePicture) private readonly removal: RemoveProfilePicture,
    @inject(SessionViewModel) private readonly session: SessionViewModel,
  ) {
    makeAutoObservable(this, {}, { autoBind: true });
  }

  get url(): string | null {
    return this.session.workspaceUser?.profileImageUrl ?? null;
  }

  async upload(file: File): Promise<void> {
    this.status = 'uploading';
    this.error = null;
    this.notice = null;
    try {
      const result = await this.change.execute(file);
      runInAction(() => {
        this.status = 'idle';
        if (result.ok) {
          this.setUrl(result.url);
          this.notice = 'Profile picture updated';
        } else this.error = result.message;
      });
    } catch (error) {
      runInAction(() => {
        this.status = 'idle';
        this.error = describeError(error);
      });
    }
  }

  async remove(): Promise<void> {
    this.status = 'removing';
    this.error = null;
    this.notice = null;
    try {
      await this.removal.execute();
      runInAction(() => {
        this.status = 'idle';
        this.setUrl(null);
        this.notice = 'Profile picture removed';
      });
    } catch (error) {
      runInAction(() => {
        this.status = 'idle';
        this.error = describeError(error);
      });
    }
  }

  private setUrl(url: string | null): void {
    const user = this.session.workspaceUser;
    if (user) this.session.signedIn({ ...user, profileImageUrl: url });
  }
}
