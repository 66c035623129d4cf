import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../src/application/shared/api-error';
import { attempt, invalid, refusalOf } from '../../../src/application/shared/refusal';

describe('Refusal, the one outcome of an expected refusal', () => {
  it('invalid() takes the message first and names the field it belongs to', () => {
    expect(invalid('Give a name', 'branchName')).toEqual({
      ok: false,
      reason: 'invalid',
      message: 'Give a name',
      fields: { branchName: 'Give a name' },
    });
    expect(invalid('Choose at least one department')).toEqual({
      ok: false,
      reason: 'invalid',
      message: 'Choose at least one department',
      fields: {},
    });
  });

  it.each(['invalid', 'not-found', 'conflict', 'too-large'] as const)(
    'turns a %s refusal of the server into a Refusal with its message and fields',
    (reason) => {
      const error = new ApiError(reason, 'X', 'Refused', { name: 'Taken' });
      expect(refusalOf(error)).toEqual({ ok: false, reason, message: 'Refused', fields: { name: 'Taken' } });
    },
  );

  it.each(['signed-out', 'forbidden', 'rate-limited', 'server-error', 'other'] as const)(
    'throws a %s failure on: the screen does not explain it beside a field',
    async (reason) => {
      const error = new ApiError(reason, 'X', 'No');
      expect(() => refusalOf(error)).toThrow(error);
      await expect(attempt(() => Promise.reject(error))).rejects.toBe(error);
    },
  );

  it('attempt() answers the value when the call succeeds', async () => {
    expect(await attempt(() => Promise.resolve(42))).toEqual({ ok: true, value: 42 });
  });
});
