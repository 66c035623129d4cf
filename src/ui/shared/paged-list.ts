import { makeAutoObservable, runInAction } from 'mobx';
import { describeError } from '../../application/shared/api-error';

/** One page of a list as the server pages it (zero-based on the wire). */
export type PageFetcher<T> = (page: number, pageSize: number) => Promise<{ items: T[]; total: number }>;

/**
 * A list paged on the server, as the screens show it: one-based page in the UI, zero-based on the wire, loading,
 * ready or failed, and only the answer to the latest request kept (a slow earlier page or search never overwrites a
 * newer one). The view-model supplies the fetcher, which reads its own filters when called.
 */
export class PagedList<T> {
  status: 'idle' | 'loading' | 'ready' | 'error';
  error: string | null = null;
  items: T[] = [];
  total = 0;
  page = 1;
  private latest = 0;

  constructor(
    private readonly fetchPage: PageFetcher<T>,
    public pageSize = 20,
    initial: 'idle' | 'loading' = 'loading',
  ) {
    this.status = initial;
    makeAutoObservable<PagedList<T>, 'fetchPage' | 'latest'>(this, { fetchPage: false, latest: false }, { autoBind: true });
  }

  async load(page = this.page, pageSize = this.pageSize): Promise<void> {
    const request = ++this.latest;
    this.status = 'loading';
    this.error = null;
    this.page = page;
    this.pageSize = pageSize;
    try {
      const result = await this.fetchPage(page - 1, pageSize);
      runInAction(() => {
        if (request !== this.latest) return;
        this.items = result.items;
        this.total = result.total;
        this.status = 'ready';
      });
    } catch (error) {
      runInAction(() => {
        if (request !== this.latest) return;
        this.status = 'error';
        this.error = describeError(error);
      });
    }
  }

  /** After removing the last row of a page past the first, the page before it. */
  pageAfterRemoval(): number {
    return this.items.length === 1 && this.page > 1 ? this.page - 1 : this.page;
  }
}
