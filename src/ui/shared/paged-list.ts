import { makeAutoObservable, runInAction } from 'mobx';
import { describeError } from '../../application/shared/api-error';

export type SortOrder = 'asc' | 'desc';

/** The column a list is sorted by, and which way. */
export interface Sort<S extends string> {
  by: S;
  order: SortOrder;
}

/** One page of a list as the server pages it (zero-based on the wire), in the list's sort when it has one. */
export type PageFetcher<T, S extends string = never> = (
  page: number,
  pageSize: number,
  sort: Sort<S> | undefined,
) => Promise<{ items: T[]; total: number }>;

export interface PagedListOptions<T, S extends string = never> {
  pageSize?: number;
  /** 'idle' when there is nothing to show until the screen chooses something (a workspace, say). */
  initial?: 'idle' | 'loading';
  /** The sort to start with, and to go back to when a column's sort is cleared. */
  sort?: Sort<S>;
  /** A row's key: needed to select rows and to replace an edited one. */
  key?: (item: T) => string;
  /**
   * What loading a page does to the selection: 'keep' it (rows picked on different pages or by different
   * searches are acted on together), or keep only the selected rows the new 'page' still shows.
   */
  selection?: 'keep' | 'page';
}

/**
 * A list paged on the server, as the screens show it: one-based page in the UI, zero-based on the wire, loading,
 * ready or failed, and only the answer to the latest request kept (a slow earlier page or search never overwrites a
 * newer one). The view-model supplies the fetcher, which reads its own filters when called; a filter or search that
 * changes loads page 1. The list may also keep a sort (a new sort starts again at page 1) and a selection of rows.
 */
export class PagedList<T, S extends string = never> {
  status: 'idle' | 'loading' | 'ready' | 'error';
  error: string | null = null;
  items: T[] = [];
  total = 0;
  page = 1;
  pageSize: number;
  sort: Sort<S> | undefined;
  selectedKeys: string[] = [];
  /** The selected rows as they were last listed (also those on other pages, with `selection: 'keep'`). */
  selected: T[] = [];
  private latest = 0;
  private readonly options: PagedListOptions<T, S>;

  constructor(fetchPage: PageFetcher<T, S>, options?: PagedListOptions<T, S>);
  /** The shorthand of the first lists: page size and initial status only. */
  constructor(fetchPage: PageFetcher<T, S>, pageSize?: number, initial?: 'idle' | 'loading');
  constructor(
    private readonly fetchPage: PageFetcher<T, S>,
    sizeOrOptions: number | PagedListOptions<T, S> = {},
    initial: 'idle' | 'loading' = 'loading',
  ) {
    this.options = typeof sizeOrOptions === 'number' ? { pageSize: sizeOrOptions, initial } : sizeOrOptions;
    this.pageSize = this.options.pageSize ?? 20;
    this.status = this.options.initial ?? 'loading';
    this.sort = this.options.sort;
    makeAutoObservable<PagedList<T, S>, 'fetchPage' | 'latest' | 'options'>(
      this,
      { fetchPage: false, latest: false, options: false },
      { autoBind: true },
    );
  }

  async load(page = this.page, pageSize = this.pageSize): Promise<void> {
    const request = ++this.latest;
    this.status = 'loading';
    this.error = null;
    this.page = page;
    this.pageSize = pageSize;
    try {
      const result = await this.fetchPage(page - 1, pageSize, this.sort);
      runInAction(() => {
        if (request !== this.latest) return;
        this.items = result.items;
        this.total = result.total;
        this.status = 'ready';
        this.followSelection();
      });
    } catch (error) {
      runInAction(() => {
        if (request !== this.latest) return;
        this.status = 'error';
        this.error = describeError(error);
      });
    }
  }

  /** Sorts by a column, or goes back to the first sort when the column's sort is cleared; starts at page 1. */
  sortBy(by: S | undefined, order: SortOrder | undefined): Promise<void> {
    this.sort = by && order ? { by, order } : this.options.sort;
    return this.load(1);
  }

  /** A column's sort as antd's Table names it. */
  columnSortOrder(by: S): 'ascend' | 'descend' | null {
    if (this.sort?.by !== by) return null;
    return this.sort.order === 'asc' ? 'ascend' : 'descend';
  }

  /** The rows now selected, by key; those picked earlier keep the copy they were listed with. */
  select(keys: string[]): void {
    const known = new Map(this.selected.map((item) => [this.keyOf(item), item]));
    for (const item of this.items) known.set(this.keyOf(item), item);
    this.selected = keys.map((key) => known.get(key)).filter((item): item is T => item !== undefined);
    this.selectedKeys = keys;
  }

  clearSelection(): void {
    this.select([]);
  }

  /** An edited row as the server answered it, in place (and in the selection). */
  replace(item: T): void {
    const key = this.keyOf(item);
    this.items = this.items.map((i) => (this.keyOf(i) === key ? item : i));
    this.selected = this.selected.map((i) => (this.keyOf(i) === key ? item : i));
  }

  /** After removing rows of this page: the page before it when they were all its rows and it is not the first. */
  pageAfterRemoval(removed = 1): number {
    return removed >= this.items.length && this.page > 1 ? this.page - 1 : this.page;
  }

  private followSelection(): void {
    if (this.selectedKeys.length === 0) return;
    if (this.options.selection === 'page') {
      const shown = new Set(this.items.map((item) => this.keyOf(item)));
      this.selectedKeys = this.selectedKeys.filter((key) => shown.has(key));
    }
    this.select(this.selectedKeys);
  }

  private keyOf(item: T): string {
    if (!this.options.key) throw new Error('This list has no row key: give PagedList a key to select or replace rows');
    return this.options.key(item);
  }
}
