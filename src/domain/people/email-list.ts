import { EMAIL_MAX_LENGTH, EMAIL_PATTERN } from './email-address';

/** A pasted list of emails (one per line, or separated by commas or semicolons): the good ones once each, and the rest. */
export function parseEmailList(text: string): { emails: string[]; invalid: string[] } {
  const emails: string[] = [];
  const invalid: string[] = [];
  for (const raw of text.split(/[\n,;]+/)) {
    const value = raw.trim().replace(/^<|>$/g, '').toLowerCase();
    if (!value) continue;
    if (!EMAIL_PATTERN.test(value) || value.length > EMAIL_MAX_LENGTH) invalid.push(raw.trim());
    else if (!emails.includes(value)) emails.push(value);
  }
  return { emails, invalid };
}

export type InviteState = 'not-sent' | 'sent' | 'expired';

/** Where an invitation stands, for the directory's status column. */
export function inviteState(invite: { sentAt: string | null; expiresAt: string }, now: Date): InviteState {
  if (new Date(invite.expiresAt).getTime() <= now.getTime()) return 'expired';
  return invite.sentAt ? 'sent' : 'not-sent';
}
