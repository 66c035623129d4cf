import 'reflect-metadata';
import { describe, expect, it } from 'vitest';
import { DeletePeopleByFile } from '../../../src/application/people/edit-people.use-case';
import { DeleteByFileViewModel } from '../../../src/ui/people/delete-by-file.view-model';
import { FakeDirectoryApi, person } from '../../fakes/directory.fakes';

const csv = (name: string, lines: string[]) => ({ name, content: new Blob([lines.join('\n')], { type: 'text/csv' }) });

function setUp() {
  const api = new FakeDirectoryApi(Array.from({ length: 5 }, (_, i) => person(i + 1)));
  return { api, vm: new DeleteByFileViewModel(new DeletePeopleByFile(api)) };
}

describe('delete people by file', () => {
  it('shows who the file would delete and who is unknown, and deletes nobody until confirmed', async () => {
    const { api, vm } = setUp();
    await vm.choose(csv('leavers.csv', ['Email', 'person1@acme.test', 'person2@acme.test', 'stranger@acme.test']));
    expect(vm.previewSummary).toBe('2 people in this file will be deleted; 1 email matches nobody here.');
    expect(vm.preview?.unknown).toEqual(['stranger@acme.test']);
    expect(vm.canDelete).toBe(true);
    expect(vm.deleteLabel).toBe('Delete 2 people');
    expect(api.people).toHaveLength(5);

    expect(await vm.confirm()).toBe(true);
    expect(vm.done?.deleted).toBe(2);
    expect(api.people.map((p) => p.email)).not.toContain('person1@acme.test');
    expect(api.people).toHaveLength(3);
  });

  it('offers no deletion when someone in the file may not be deleted, and names them with the reason', async () => {
    const { api, vm } = setUp();
    api.refusals.set('u2', 'The last active workspace admin cannot be deleted');
    await vm.choose(csv('leavers.csv', ['person1@acme.test', 'person2@acme.test']));
    expect(vm.preview?.refused).toEqual([
      { email: 'person2@acme.test', reason: 'The last active workspace admin cannot be deleted' },
    ]);
    expect(vm.canDelete).toBe(false);
    expect(await vm.confirm()).toBe(false);
    expect(api.people).toHaveLength(5);
    expect(api.calls.filter((c) => c.kind === 'delete-by-file')).toHaveLength(0);
  });

  it('says so when nobody matches, and offers nothing to delete', async () => {
    const { vm } = setUp();
    await vm.choose(csv('leavers.csv', ['nobody@elsewhere.test']));
    expect(vm.previewSummary).toBe('Nobody in this workspace you may manage has an email in this file.');
    expect(vm.canDelete).toBe(false);
  });

  it('refuses a file that is neither CSV nor XLSX, or empty, before sending it', async () => {
    const { api, vm } = setUp();
    await vm.choose(csv('leavers.pdf', ['person1@acme.test']));
    expect(vm.error).toBe('Choose a .csv or .xlsx file');
    await vm.choose({ name: 'empty.csv', content: new Blob([]) });
    expect(vm.error).toBe('The file is empty');
    expect(api.calls).toHaveLength(0);
    expect(vm.preview).toBeNull();
  });

  it('reports a refusal at confirmation (someone changed meanwhile) and keeps everyone', async () => {
    const { api, vm } = setUp();
    await vm.choose(csv('leavers.csv', ['person3@acme.test']));
    api.refusals.set('u3', 'You cannot delete yourself');
    expect(await vm.confirm()).toBe(false);
    expect(vm.error).toBe(
      'Nobody was deleted: person3@acme.test: You cannot delete yourself (1 person may not be deleted)',
    );
    expect(api.people).toHaveLength(5);
  });
});
