import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/application/shared/api-error';
import { PagedList } from '../../src/ui/shared/paged-list';

/** A fetcher whose answers the test releases in any order. */
function deferredFetcher() {
  const pending: { page: number; resolve: (v: { items: string[]; total: number }) => void; reject: (e: unknown) => void }[] = [];
  const fetch = (page: number) => new Promise<{ items: string[]; total: number }>((resolve, reject) => pending.push({ page, resolve, reject }));
  return { fetch, pending };
}

describe('a list paged on the server', () => {
  it('asks for the zero-based page and shows the one-based one with the total', async () => {
    const asked: [number, number][] = [];
    const list = new PagedList<string>(async (page, size) => (asked.push([page, size]), { items: ['c', 'd'], total: 5 }), 2);
    await list.load(2);
    expect(asked).toEqual([[1, 2]]);
    expect(list).toMatchObject({ page: 2, total: 5, items: ['c', 'd'], status: 'ready' });
  });

  it('keeps only the latest answer: a slow earlier page never replaces a newer one', async () => {
    const { fetch, pending } = deferredFetcher();
    const list = new PagedList<string>(fetch);
    const first = list.load(1);
    const second = list.load(2);
    pending[1]!.resolve({ items: ['newer'], total: 2 });
    await second;
    pending[0]!.resolve({ items: ['older'], total: 1 });
    await first;
    expect(list.items).toEqual(['newer']);
    expect(list.page).toBe(2);
  });

  it('shows why a page could not be read, and a stale failure does not hide a newer page', async () => {
    const { fetch, pending } = deferredFetcher();
    const list = new PagedList<string>(fetch);
    const first = list.load(1);
    const second = list.load(1);
    pending[1]!.resolve({ items: ['fine'], total: 1 });
    pending[0]!.reject(new ApiError(500, 'INTERNAL', 'Server trouble'));
    await Promise.all([first, second]);
    expect(list.status).toBe('ready');

    const failing = new PagedList<string>(async () => {
      throw new ApiError(403, 'FORBIDDEN', 'You may not do this');
    });
    await failing.load(1);
    expect(failing).toMatchObject({ status: 'error', error: 'You may not do this' });
  });

  it('steps back a page when the last row of a later page goes', async () => {
    const list = new PagedList<string>(async () => ({ items: ['only'], total: 21 }), 20);
    await list.load(2);
    expect(list.pageAfterRemoval()).toBe(1);
  });
});
