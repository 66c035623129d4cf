import type { Outcome } from '../../application/shared/refusal';
import { inject, injectable } from 'inversify';
import { makeAutoObservable, runInAction } from 'mobx';
import { LawApi } from '../../application/law/law-api.port';
import { RecordAwarenessEvent } from '../../application/law/record-awareness-event.use-case';
import { SaveEmployerDuties } from '../../application/law/save-employer-duties.use-case';
import type { AwarenessEventBody, EmployerDuties } from '../../contracts/case/law.contract';
import { Loadable } from '../shared/loadable';

/** IN-12's page: the notice and police help, and the workshops, programmes and orientations recorded. */
@injectable()
export class EmployerDutiesViewModel {
  readonly duties = new Loadable<EmployerDuties | null>(null);
  saving = false;
  fieldErrors: Record<string, string> = {};
  message: string | null = null;
  /** People found by the attendee search, and those chosen (kept so a chosen name stays shown after a new search). */
  people: { userId: string; label: string }[] = [];

  constructor(
    @inject(LawApi) private readonly api: LawApi,
    @inject(SaveEmployerDuties) private readonly saveUseCase: SaveEmployerDuties,
    @inject(RecordAwarenessEvent) private readonly recordUseCase: RecordAwarenessEvent,
  ) {
    makeAutoObservable(this, {}, { autoBind: true });
  }

  get events() {
    return (this.duties.value?.events ?? []).map((e) => ({ ...e }));
  }

  load(): Promise<boolean> {
    return this.duties.load(() => this.api.employerDuties());
  }

  async save(noticePublished: boolean, policeHelp: string): Promise<boolean> {
    return this.run(() => this.saveUseCase.execute({ noticePublished, policeHelp }));
  }

  async record(body: AwarenessEventBody): Promise<boolean> {
    return this.run(() => this.recordUseCase.execute(body));
  }

  async search(text: string): Promise<void> {
    if (!text.trim()) return;
    try {
      const found = await this.api.findPeople(text.trim());
      runInAction(() => {
        const known = new Map(this.people.map((p) => [p.userId, p]));
        for (const p of found) known.set(p.userId, p);
        this.people = [...known.values()];
      });
    } catch {
      // A failed search leaves the list as it was: the head count remains.
    }
  }

  clearErrors(): void {
    this.fieldErrors = {};
    this.message = null;
  }

  private async run(action: () => Promise<Outcome<{ duties: EmployerDuties }>>): Promise<boolean> {
    this.saving = true;
    this.clearErrors();
    const outcome = await action();
    runInAction(() => {
      this.saving = false;
      if (outcome.ok) this.duties.set(outcome.duties);
      else {
        this.fieldErrors = outcome.fields;
        this.message = outcome.message;
      }
    });
    return outcome.ok;
  }
}
