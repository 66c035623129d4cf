import { describe, expect, it } from 'vitest';
import {
  fillTemplate,
  placeholdersIn,
  TemplateInput,
  templateParts,
  templateProblem,
} from '../../../src/domain/messages/message-template';
import { UpdateSettingsBody } from '../../../src/contracts/main/organisation.contract';

describe('message wording', () => {
  it('finds placeholders, spaces inside the braces allowed', () => {
    expect(placeholdersIn('Hi {{ firstName }}, go: {{link}}')).toEqual(['firstName', 'link']);
    expect(fillTemplate('Hi {{ firstName }}!', { firstName: 'Ana' })).toBe('Hi Ana!');
    expect(templateParts('a {{link}} b')).toEqual([{ text: 'a ' }, { placeholder: 'link' }, { text: ' b' }]);
  });

  it('names an unknown placeholder, an unclosed brace, and a body without the link', () => {
    expect(templateProblem('INVITATION', 'subject', 'Hi {{nickname}}')).toContain('Unknown placeholder {{nickname}}');
    expect(templateProblem('INVITATION', 'body', 'Hi {{firstName, {{link}}')).toContain('Close every placeholder');
    expect(templateProblem('INVITATION', 'body', 'Hi }} {{link}}')).toBe(
      'Close every placeholder with }} (like {{firstName}})',
    );
    expect(templateProblem('INVITATION', 'body', 'Hi {{firstName}}')).toBe('The message must contain {{link}}');
    expect(templateProblem('INVITATION', 'subject', 'Welcome')).toBeNull();
  });

  it('normalises line ends and trims, and refuses a two-line subject', () => {
    const ok = TemplateInput.safeParse({ kind: 'INVITATION', subject: ' Hi ', body: 'Go\r\n\r\n{{link}} ' });
    expect(ok.success && ok.data).toEqual({ kind: 'INVITATION', subject: 'Hi', body: 'Go\n\n{{link}}' });
    const bad = TemplateInput.safeParse({ kind: 'INVITATION', subject: 'a\nb', body: '{{link}}' });
    expect(bad.success ? [] : bad.error.issues.map((i) => i.path.join('.'))).toEqual(['subject']);
  });
});

describe('workspace sign-in settings', () => {
  it('accepts only settings stricter than the platform default, naming the field', () => {
    expect(
      UpdateSettingsBody.safeParse({
        minPasswordLength: 8,
        privilegedIdleMinutes: 5,
        privilegedSessionHours: 1,
        sessionLifetimeDays: 1,
        inviteValidDays: 90,
      }).success,
    ).toBe(true);
    for (const [field, value] of [
      ['minPasswordLength', 7],
      ['minPasswordLength', 65],
      ['privilegedIdleMinutes', 61],
      ['privilegedSessionHours', 25],
      ['sessionLifetimeDays', 121],
      ['inviteValidDays', 0],
    ] as const) {
      const result = UpdateSettingsBody.safeParse({ [field]: value });
      expect(result.success ? [] : result.error.issues.map((i) => i.path.join('.'))).toEqual([field]);
    }
  });
});
