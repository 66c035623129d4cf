import { makeAutoObservable, runInAction } from 'mobx';
import type { InviteInfo } from '../../contracts/main/invite-claim.contract';
import { ClaimInvite } from '../../application/invitations/claim-invite.use-case';
import { InviteClaimApi } from '../../application/invitations/invite-claim-api.port';
import { describeError } from '../../application/shared/api-error';
import { checkPassword } from '../../domain/auth/password-policy';
import { passwordProblemText } from './password-words';

/** The invitation link's page: check the link, then set a first password and land signed in. */
export class ClaimInviteViewModel {
  status: 'checking' | 'ready' | 'refused' | 'pending' | 'done' | 'error' = 'checking';
  invite: InviteInfo | null = null;
  refusal: { reason: 'not-found' | 'used' | 'expired'; message: string } | null = null;
  error: string | null = null;
  private code = '';

  constructor(
    private readonly invites: InviteClaimApi,
    private readonly claimInvite: ClaimInvite,
  ) {
    makeAutoObservable(this, {}, { autoBind: true });
  }

  async load(code: string): Promise<void> {
    this.code = code;
    this.status = 'checking';
    try {
      const check = await this.invites.check(code);
      runInAction(() => {
        if (check.ok) {
          this.invite = check.invite;
          this.status = 'ready';
        } else {
          this.refusal = { reason: check.code ?? 'not-found', message: check.message };
          this.status = 'refused';
        }
      });
    } catch (error) {
      runInAction(() => {
        this.status = 'error';
        this.error = describeError(error);
      });
    }
  }

  passwordProblem(password: string): string | null {
    const problem = checkPassword(password, {
      minimumLength: this.invite?.minPasswordLength,
      words: ['safeplace', this.invite?.companyName, this.invite?.firstName, this.invite?.email],
    });
    return problem ? passwordProblemText(problem) : null;
  }

  async setPassword(password: string): Promise<void> {
    if (!this.invite) return;
    this.status = 'pending';
    this.error = null;
    try {
      const result = await this.claimInvite.execute({ code: this.code, password, ...this.invite });
      runInAction(() => {
        if (result.ok) this.status = 'done';
        else if (result.code === 'weak-password') {
          this.status = 'ready';
          this.error = result.message;
        } else {
          this.refusal = { reason: result.code ?? 'not-found', message: result.message };
          this.status = 'refused';
        }
      });
    } catch (error) {
      runInAction(() => {
        this.status = 'ready';
        this.error = describeError(error);
      });
    }
  }
}
