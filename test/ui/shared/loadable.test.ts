import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../src/application/shared/api-error';
import { refuse } from '../../../src/application/shared/refusal';
import { Loadable } from '../../../src/ui/shared/loadable';

/** A fetch the test answers when it chooses. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('Loadable', () => {
  it('starts loading with its initial value, or idle when the screen must choose first', () => {
    expect(new Loadable<string[]>([]).status).toBe('loading');
    const idle = new Loadable<string | null>(null, { initial: 'idle' });
    expect(idle.status).toBe('idle');
    expect(idle.value).toBeNull();
    expect(idle.error).toBeNull();
  });

  it('keeps the value of a load that answers', async () => {
    const list = new Loadable<string[]>([], { initial: 'idle' });
    const taken = await list.load(async () => ['a', 'b']);
    expect(taken).toBe(true);
    expect(list.status).toBe('ready');
    expect(list.value).toEqual(['a', 'b']);
  });

  it('keeps only the latest answer: a slow earlier load never overwrites a newer one', async () => {
    const list = new Loadable<string>('');
    const slow = deferred<string>();
    const fast = deferred<string>();
    const first = list.load(() => slow.promise);
    const second = list.load(() => fast.promise);
    fast.resolve('newer');
    expect(await second).toBe(true);
    slow.resolve('older');
    expect(await first).toBe(false);
    expect(list.value).toBe('newer');
    expect(list.status).toBe('ready');
  });

  it('ignores the failure of a load overtaken by a newer one', async () => {
    const list = new Loadable<string>('');
    const slow = deferred<string>();
    const first = list.load(() => slow.promise);
    await list.load(async () => 'newer');
    slow.reject(new ApiError('server-error', 'down', 'The server is down.'));
    await first;
    expect(list.status).toBe('ready');
    expect(list.error).toBeNull();
  });

  it('shows the message of an API error, a plain words message for anything else, and a refusal’s message', async () => {
    const item = new Loadable<number>(0);
    await item.load(() => Promise.reject(new ApiError('not-found', 'not-found', 'That case does not exist.')));
    expect(item.status).toBe('error');
    expect(item.error).toBe('That case does not exist.');

    await item.load(() => Promise.reject(new Error('boom')));
    expect(item.error).toBe('Something went wrong. Please try again.');

    await item.load(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(item.error).toBe('The server could not be reached. Check your connection and try again.');

    const refused = new Loadable<{ ok: true; n: number } | null>(null);
    expect(await refused.load(async () => refuse('forbidden', 'Only the committee may see this.'))).toBe(false);
    expect(refused.status).toBe('error');
    expect(refused.error).toBe('Only the committee may see this.');
    expect(refused.value).toBeNull();
  });

  it('reloads (and retries) the way the last load fetched, clearing the error', async () => {
    let calls = 0;
    const counter = new Loadable<number>(0);
    expect(await counter.reload()).toBe(false);
    await counter.load(async () => {
      calls++;
      if (calls === 1) throw new ApiError('server-error', 'down', 'The server is down.');
      return calls;
    });
    expect(counter.error).toBe('The server is down.');
    counter.retry();
    expect(counter.status).toBe('loading');
    expect(counter.error).toBeNull();
    await counter.reload();
    expect(counter.status).toBe('ready');
    expect(counter.value).toBe(3);
  });

  it('a quiet reload keeps a ready value on screen until the new answer replaces it', async () => {
    const list = new Loadable<string[]>([]);
    await list.load(async () => ['a']);
    const next = deferred<string[]>();
    const reload = list.load(() => next.promise, { quiet: true });
    expect(list.status).toBe('ready');
    expect(list.value).toEqual(['a']);
    next.resolve(['a', 'b']);
    await reload;
    expect(list.value).toEqual(['a', 'b']);
  });

  it('goes back to idle and drops a load still on its way', async () => {
    const item = new Loadable<string | null>(null);
    const slow = deferred<string>();
    const pending = item.load(() => slow.promise);
    item.reset(null);
    slow.resolve('late');
    await pending;
    expect(item.status).toBe('idle');
    expect(item.value).toBeNull();
  });
});
