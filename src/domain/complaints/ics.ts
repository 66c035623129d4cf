/**
 * A meeting invitation as an iCalendar file (RFC 5545), attached to the guests' mail: one VEVENT, times in UTC, text
 * escaped and lines folded at 75 octets. Pure: the uid and the stamp are given.
 */
export interface Invitation {
  uid: string;
  title: string;
  description: string;
  startsAt: string;
  endsAt: string;
  location: string;
  organizerEmail: string;
  guests: readonly string[];
  stamp: string;
}

const utc = (iso: string) =>
  new Date(iso)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

export function escapeText(text: string): string {
  return text.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');
}

/** Folds a content line at 75 octets (continuations start with a space), never inside a UTF-8 character. */
export function fold(line: string): string {
  const out: string[] = [];
  let current = '';
  let bytes = 0;
  for (const ch of line) {
    const size = new TextEncoder().encode(ch).length;
    if (bytes + size > (out.length === 0 ? 75 : 74)) {
      out.push(current);
      current = '';
      bytes = 0;
    }
    current += ch;
    bytes += size;
  }
  out.push(current);
  return out.join('\r\n ');
}

export function meetingInvitation(invite: Invitation): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//SafePlace//Internal Committee//EN',
    'METHOD:REQUEST',
    'BEGIN:VEVENT',
    `UID:${invite.uid}`,
    `DTSTAMP:${utc(invite.stamp)}`,
    `DTSTART:${utc(invite.startsAt)}`,
    `DTEND:${utc(invite.endsAt)}`,
    `SUMMARY:${escapeText(invite.title)}`,
    `DESCRIPTION:${escapeText(invite.description)}`,
    `LOCATION:${escapeText(invite.location)}`,
    `ORGANIZER:mailto:${invite.organizerEmail}`,
    ...invite.guests.map((g) => `ATTENDEE;ROLE=REQ-PARTICIPANT;RSVP=TRUE:mailto:${g}`),
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return lines.map(fold).join('\r\n') + '\r\n';
}
