import 'reflect-metadata';
import { describe, expect, it } from 'vitest';
import type { CaseExtrasApi, CommitteePersonItem } from '../../../src/application/complaints/case-extras-api.port';
import { MeetingGuestsViewModel, splitGuests } from '../../../src/ui/complaints/meeting-guests.view-model';

describe('the meeting form’s guests', () => {
  it('sends people picked as ids and addresses typed as addresses, each once', () => {
    expect(
      splitGuests(['person:u1', 'adviser@outside.example', 'person:u1', 'a@x.example, b@x.example', 'b@x.example']),
    ).toEqual({ people: ['u1'], guests: ['adviser@outside.example', 'a@x.example', 'b@x.example'] });
  });

  it('shows the answer to the latest search, not a slower earlier one', async () => {
    const answers = new Map<string, (items: CommitteePersonItem[]) => void>();
    const api = {
      searchPeople: (text: string) => new Promise<CommitteePersonItem[]>((resolve) => answers.set(text, resolve)),
    } as unknown as CaseExtrasApi;
    const vm = new MeetingGuestsViewModel(api);
    const first = vm.search('a');
    const second = vm.search('aditi');
    answers.get('aditi')!([{ userId: 'u2', name: 'Aditi Gupta', email: 'aditi@acme.test' }]);
    await second;
    answers.get('a')!([{ userId: 'u1', name: 'Aarav', email: 'aarav@acme.test' }]);
    await first;
    expect(vm.found.map((p) => p.userId)).toEqual(['u2']);
    await vm.search('  ');
    expect(vm.found).toEqual([]);
  });
});
