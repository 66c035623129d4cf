import { inject, injectable } from 'inversify';
import { SendUnusedInvitations } from '../../application/invitations/send-unused-invitations.use-case';
import { makeAutoObservable, runInAction } from 'mobx';
import type { UnusedInvites } from '../../contracts/main/invites.contract';
import { InvitationsApi } from '../../application/invitations/invitations-api.port';
import { describeError } from '../../application/shared/api-error';
import { plural } from '../shared/plural';

/** The People screen's invitations summary: how many wait (never sent, expired) and "send them all again". */
@injectable()
export class PendingInvitationsViewModel {
  counts: UnusedInvites | null = null;
  loadError: string | null = null;
  sending = false;
  message: { type: 'success' | 'error'; text: string } | null = null;

  constructor(
    @inject(InvitationsApi) private readonly invitations: InvitationsApi,
    @inject(SendUnusedInvitations) private readonly sendUnused: SendUnusedInvitations,
  ) {
    makeAutoObservable(this, {}, { autoBind: true });
  }

  /** Everyone invited who has not joined: valid, never sent, or expired. */
  get waiting(): number {
    return this.counts ? this.counts.unused + this.counts.expired : 0;
  }

  get summary(): string | null {
    const c = this.counts;
    if (!c || this.waiting === 0) return null;
    const details = [
      c.unsent > 0 ? `${c.unsent} never sent` : null,
      c.expired > 0 ? `${c.expired} expired` : null,
    ].filter(Boolean);
    return `${plural(this.waiting, 'invitation is', 'invitations are')} waiting to be accepted${details.length ? ` (${details.join(', ')})` : ''}.`;
  }

  async load(): Promise<void> {
    try {
      const counts = await this.invitations.unusedCount();
      runInAction(() => {
        this.counts = counts;
        this.loadError = null;
      });
    } catch (error) {
      runInAction(() => (this.loadError = describeError(error)));
    }
  }

  /** Sends every waiting invitation again, each with a new link; true when sent. */
  async sendAll(): Promise<boolean> {
    this.sending = true;
    this.message = null;
    try {
      const outcome = await this.sendUnused.execute();
      if (!outcome.ok) {
        runInAction(() => (this.message = { type: 'error', text: `Nothing was sent: ${outcome.message}` }));
        return false;
      }
      const { sent } = outcome;
      runInAction(
        () =>
          (this.message = {
            type: 'success',
            text: `Sent ${plural(sent, 'invitation', 'invitations')}, each with a new link.`,
          }),
      );
      await this.load();
      return true;
    } catch (error) {
      runInAction(() => (this.message = { type: 'error', text: `Nothing was sent: ${describeError(error)}` }));
      return false;
    } finally {
      runInAction(() => (this.sending = false));
    }
  }
}
