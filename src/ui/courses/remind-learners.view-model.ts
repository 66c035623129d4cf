import { inject, injectable } from 'inversify';
import { RemindLearners } from '../../application/courses/remind-learners.use-case';
import { makeAutoObservable, runInAction } from 'mobx';
import { describeReminder, ReminderApi, type RemindMode } from '../../application/courses/reminder-api.port';
import { describeError } from '../../application/shared/api-error';

/** "Remind now" on a course's Members tab: everyone not done, the due and overdue, or one learner. */
@injectable()
export class RemindLearnersViewModel {
  busy: RemindMode | 'ONE' | null = null;
  notice: { type: 'success' | 'error' | 'warning'; text: string } | null = null;

  constructor(@inject(RemindLearners) private readonly reminding: RemindLearners) {
    makeAutoObservable(this, {}, { autoBind: true });
  }

  /** Returns true when mails went out (the members list then shows the new "last reminded"). */
  async remind(courseId: string, mode: RemindMode, learner?: { userId: string; name: string }): Promise<boolean> {
    if (this.busy) return false;
    this.busy = learner ? 'ONE' : mode;
    this.notice = null;
    try {
      const outcome = await this.reminding.execute(courseId, mode, learner ? [learner.userId] : undefined);
      runInAction(() => {
        if (!outcome.ok) {
          this.notice = { type: outcome.code === 'reminders-off' ? 'warning' : 'error', text: outcome.message };
        } else if (learner) {
          this.notice = outcome.mailed
            ? { type: 'success', text: `${learner.name} was reminded.` }
            : {
                type: 'warning',
                text: outcome.alreadyReminded
                  ? `${learner.name} was already reminded of this course today.`
                  : `${learner.name} has nothing to be reminded of.`,
              };
        } else {
          this.notice = { type: outcome.mailed ? 'success' : 'warning', text: describeReminder(outcome) };
        }
      });
      return outcome.ok && outcome.mailed > 0;
    } catch (error) {
      runInAction(() => (this.notice = { type: 'error', text: describeError(error) }));
      return false;
    } finally {
      runInAction(() => (this.busy = null));
    }
  }

  dismiss(): void {
    this.notice = null;
  }
}
