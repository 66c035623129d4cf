import { inject, injectable } from 'inversify';
import { makeAutoObservable, runInAction } from 'mobx';
import { CaseExtrasApi, type CommitteePersonItem } from '../../application/complaints/case-extras-api.port';
import { describeError } from '../../application/shared/api-error';

/** A directory pick's value in the guests field; anything else in it is an address typed. */
export const PERSON_PREFIX = 'person:';

/** The guests field's values split into the people picked (ids) and the outside addresses typed. */
export function splitGuests(values: readonly string[]): { people: string[]; guests: string[] } {
  const people: string[] = [];
  const guests: string[] = [];
  for (const value of values) {
    if (value.startsWith(PERSON_PREFIX)) people.push(value.slice(PERSON_PREFIX.length));
    else guests.push(...value.split(/[\s,;]+/).filter(Boolean));
  }
  return { people: [...new Set(people)], guests: [...new Set(guests)] };
}

/** The meeting form's search of the workspace's people, by name or email (the latest answer wins). */
@injectable()
export class MeetingGuestsViewModel {
  found: CommitteePersonItem[] = [];
  searching = false;
  error: string | null = null;
  private latest = '';

  constructor(@inject(CaseExtrasApi) private readonly api: CaseExtrasApi) {
    makeAutoObservable<MeetingGuestsViewModel, 'api' | 'latest'>(
      this,
      { api: false, latest: false },
      { autoBind: true },
    );
  }

  async search(text: string): Promise<void> {
    const wanted = text.trim();
    this.latest = wanted;
    if (!wanted) {
      this.found = [];
      this.searching = false;
      return;
    }
    this.searching = true;
    try {
      const items = await this.api.searchPeople(wanted);
      runInAction(() => {
        if (this.latest !== wanted) return;
        this.found = items;
        this.searching = false;
        this.error = null;
      });
    } catch (error) {
      runInAction(() => {
        if (this.latest !== wanted) return;
        this.searching = false;
        this.error = describeError(error);
      });
    }
  }
}
