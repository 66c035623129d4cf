import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/application/shared/api-error';
import { PagedList } from '../../src/ui/shared/paged-list';

/** A fetcher whose answers the test releases in any order. */
function deferredFetcher() {
  const pending: {
    page: number;
    resolve: (v: { items: string[]; total: number }) => void;
    reject: (e: unknown) => void;
  }[] = [];
  const fetch = (page: number) =>
    new Promise<{ items: string[]; total: number }>((resolve, reject) => pending.push({ page, resolve, reject }));
  return { fetch, pending };
}

describe('a list paged on the server', () => {
  it('asks for the zero-based page and shows the one-based one with the total', async () => {
    const asked: [number, number][] = [];
    const list = new PagedList<string>(
      async (page, size) => (asked.push([page, size]), { items: ['c', 'd'], total: 5 }),
      2,
    );
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
    pending[0]!.reject(new ApiError('server-error', 'INTERNAL', 'Server trouble'));
    await Promise.all([first, second]);
    expect(list.status).toBe('ready');

    const failing = new PagedList<string>(async () => {
      throw new ApiError('forbidden', 'FORBIDDEN', 'You may not do this');
    });
    await failing.load(1);
    expect(failing).toMatchObject({ status: 'error', error: 'You may not do this' });
  });

  it('steps back a page when the last row of a later page goes, or when every row of it goes at once', async () => {
    const list = new PagedList<string>(async () => ({ items: ['only'], total: 21 }), 20);
    await list.load(2);
    expect(list.pageAfterRemoval()).toBe(1);

    const two = new PagedList<string>(async () => ({ items: ['a', 'b'], total: 22 }), { pageSize: 20 });
    await two.load(2);
    expect(two.pageAfterRemoval(1)).toBe(2);
    expect(two.pageAfterRemoval(2)).toBe(1);
    await two.load(1);
    expect(two.pageAfterRemoval(2)).toBe(1);
  });

  it('asks for its sort, starts again at page 1 when the sort changes, and goes back to the first sort when cleared', async () => {
    const asked: [number, string | undefined][] = [];
    const list = new PagedList<string, 'name' | 'email'>(
      async (page, _size, sort) => (asked.push([page, sort && `${sort.by} ${sort.order}`]), { items: [], total: 0 }),
      {
        sort: { by: 'name', order: 'asc' },
      },
    );
    await list.load(3);
    await list.sortBy('email', 'desc');
    expect(list.page).toBe(1);
    expect(list.columnSortOrder('email')).toBe('descend');
    expect(list.columnSortOrder('name')).toBeNull();
    await list.sortBy(undefined, undefined);
    expect(asked).toEqual([
      [2, 'name asc'],
      [0, 'email desc'],
      [0, 'name asc'],
    ]);
    expect(list.columnSortOrder('name')).toBe('ascend');
  });

  it('keeps rows selected on other pages when asked to, with the copy each was last listed with', async () => {
    type Row = { id: string; v: number };
    const pages: Row[][] = [
      [
        { id: 'a', v: 1 },
        { id: 'b', v: 1 },
      ],
      [{ id: 'c', v: 1 }],
    ];
    const list = new PagedList<Row>(async (page) => ({ items: pages[page]!, total: 3 }), {
      pageSize: 2,
      key: (r) => r.id,
      selection: 'keep',
    });
    await list.load(1);
    list.select(['a']);
    await list.load(2);
    list.select(['a', 'c']);
    expect(list.selected.map((r) => r.id)).toEqual(['a', 'c']);
    pages[0] = [
      { id: 'a', v: 2 },
      { id: 'b', v: 1 },
    ];
    await list.load(1);
    expect(list.selectedKeys).toEqual(['a', 'c']);
    expect(list.selected).toEqual([
      { id: 'a', v: 2 },
      { id: 'c', v: 1 },
    ]);
    list.replace({ id: 'c', v: 3 });
    expect(list.selected[1]).toEqual({ id: 'c', v: 3 });
    list.clearSelection();
    expect(list).toMatchObject({ selectedKeys: [], selected: [] });
  });

  it('keeps only the selected rows the new page shows when the selection is per page', async () => {
    type Row = { id: string };
    const pages: Row[][] = [[{ id: 'a' }, { id: 'b' }], [{ id: 'c' }]];
    const list = new PagedList<Row>(async (page) => ({ items: pages[page]!, total: 3 }), {
      pageSize: 2,
      key: (r) => r.id,
      selection: 'page',
    });
    await list.load(1);
    list.select(['a', 'b']);
    pages[0] = [{ id: 'b' }, { id: 'c' }];
    await list.load(1);
    expect(list.selectedKeys).toEqual(['b']);
    await list.load(2);
    expect(list.selected).toEqual([]);
  });

  it('replaces an edited row in place', async () => {
    const list = new PagedList<{ id: string; name: string }>(
      async () => ({
        items: [
          { id: 'a', name: 'A' },
          { id: 'b', name: 'B' },
        ],
        total: 2,
      }),
      { key: (r) => r.id },
    );
    await list.load(1);
    list.replace({ id: 'b', name: 'Bee' });
    expect(list.items.map((r) => r.name)).toEqual(['A', 'Bee']);
  });
});
