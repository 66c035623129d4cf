import { describe, expect, it } from 'vitest';
import { isEmailAddress } from '../../../src/domain/people/email-address';
import { looksLikeEmail } from '../../../src/domain/auth/sign-in-identifier';
import { parseEmailList } from '../../../src/domain/people/email-list';
import { checkImportRow } from '../../../src/domain/imports/import-rows';
import { SignInBody } from '../../../src/contracts/main/auth.contract';
import { UpdateUserBody } from '../../../src/contracts/main/platform-users.contract';

const GOOD = ['a@b.co', 'first.last+tag@sub.example.org', '  Ann@Acme.TEST '];
const BAD = [
  'plain',
  'a b@c.de',
  '@acme.test',
  'a@b',
  'a@b.c',
  'ann@',
  '"x"@acme.test',
  'a@b.test, c@d.test',
  `${'x'.repeat(250)}@b.co`,
];

/** Every place that decides whether a text is an email address, each asked the same question. */
const judges: Record<string, (text: string) => boolean> = {
  'the domain rule': isEmailAddress,
  'the sign-in identifier': looksLikeEmail,
  'a pasted list': (text) => parseEmailList(text).emails.length === 1 && parseEmailList(text).invalid.length === 0,
  'an import row': (text) =>
    !checkImportRow([text, 'Ann'], { email: 0, firstName: 1 }, 'WORKSPACE_ADMIN').problems.some(
      (p) => p.column === 'email',
    ),
  'the sign-in contract': (text) => SignInBody.safeParse({ userEmail: text, userPassword: 'x' }).success,
  'the platform user contract': (text) =>
    UpdateUserBody.safeParse({
      workspaceId: '00000000-0000-4000-8000-000000000001',
      userId: '00000000-0000-4000-8000-000000000002',
      email: text,
    }).success,
};

describe('one email address rule, used by everyone', () => {
  it.each(Object.keys(judges))('%s accepts the same addresses and refuses the same texts', (name) => {
    const judge = judges[name];
    expect(GOOD.filter((text) => !judge(text))).toEqual([]);
    expect(BAD.filter((text) => judge(text))).toEqual([]);
  });
});
