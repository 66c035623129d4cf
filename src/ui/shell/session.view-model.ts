import { makeAutoObservable, runInAction } from 'mobx';
import type { CurrentUser } from '../../contracts/main/auth.contract';
import { RefreshCurrentUser } from '../../application/auth/refresh-current-user.use-case';
import { SignOut } from '../../application/auth/sign-out.use-case';
import { describeError } from '../../application/shared/api-error';

/** Who is signed in, app-wide (a singleton): loaded once on start, cleared on sign-out. */
export class SessionViewModel {
  status: 'unknown' | 'loading' | 'signed-in' | 'signed-out' | 'error' = 'unknown';
  user: CurrentUser | null = null;
  error: string | null = null;

  constructor(
    private readonly refresh: RefreshCurrentUser,
    private readonly signOutUseCase: SignOut,
  ) {
    makeAutoObservable(this, {}, { autoBind: true });
  }

  get workspaceUser() {
    return this.user?.kind === 'user' ? this.user : null;
  }

  async load(): Promise<void> {
    if (this.status === 'loading') return;
    this.status = 'loading';
    try {
      const outcome = await this.refresh.execute();
      runInAction(() => {
        this.user = outcome.ok ? outcome.user : null;
        this.status = outcome.ok ? 'signed-in' : 'signed-out';
      });
    } catch (error) {
      runInAction(() => {
        this.status = 'error';
        this.error = describeError(error);
      });
    }
  }

  signedIn(user: CurrentUser): void {
    this.user = user;
    this.status = 'signed-in';
  }

  async signOut(): Promise<void> {
    await this.signOutUseCase.execute();
    runInAction(() => {
      this.user = null;
      this.status = 'signed-out';
    });
  }
}
