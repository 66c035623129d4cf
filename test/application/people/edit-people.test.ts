import { describe, expect, it } from 'vitest';
import { BulkEditPeople, DeletePeople, EditPerson } from '../../../src/application/people/edit-people.use-case';
import { FindPeople } from '../../../src/application/people/find-people.use-case';
import { FakeDirectoryApi, person } from '../../fakes/directory.fakes';

describe('the directory use cases', () => {
  it('lists, or searches when there is text to search for', async () => {
    const api = new FakeDirectoryApi([person(1), person(2)]);
    const find = new FindPeople(api);
    expect((await find.execute({ searchText: '   ' })).total).toBe(2);
    expect(api.calls.at(-1)!.kind).toBe('list');
    const found = await find.execute({ searchText: ' person2' });
    expect(found.items.map((u) => u.userId)).toEqual(['u2']);
    expect(api.calls.at(-1)).toMatchObject({ kind: 'search', input: { searchText: 'person2' } });
  });

  it('hands a refusal back to the form with the fields it names', async () => {
    const api = new FakeDirectoryApi([person(1)]);
    api.refusals.set('u1', 'The workspace must keep at least one active workspace admin');
    const outcome = await new EditPerson(api).execute('u1', { status: 'INACTIVE' });
    expect(outcome).toMatchObject({
      ok: false,
      message: 'The workspace must keep at least one active workspace admin',
      fields: { status: expect.any(String) },
    });
  });

  it('applies a bulk change to everyone it may, reporting progress and each refusal', async () => {
    const api = new FakeDirectoryApi([person(1), person(2), person(3)]);
    api.refusals.set('u2', 'You cannot deactivate yourself');
    const progress: number[] = [];
    const result = await new BulkEditPeople(api).execute(['u1', 'u2', 'u3'], { status: 'INACTIVE' }, (done) =>
      progress.push(done),
    );
    expect(result).toEqual({ changed: 2, failed: [{ userId: 'u2', message: 'You cannot deactivate yourself' }] });
    expect(progress).toEqual([1, 2, 3]);
    expect(api.people.map((u) => u.status)).toEqual(['INACTIVE', 'ACTIVE', 'INACTIVE']);
  });

  it('deletes all or none, and says why none', async () => {
    const api = new FakeDirectoryApi([person(1), person(2)]);
    api.refusals.set('u2', 'You cannot delete yourself');
    const refused = await new DeletePeople(api).execute(['u1', 'u2']);
    expect(refused).toMatchObject({ ok: false, message: 'You cannot delete yourself' });
    expect(api.people).toHaveLength(2);
    expect(await new DeletePeople(api).execute(['u1'])).toEqual({ ok: true, deleted: 1 });
    expect(await new DeletePeople(api).execute([])).toMatchObject({ ok: false });
  });
});
