import type { CourseLanguage } from '../../src/domain/courses/course';
import { fillTemplate, templateParts } from '../../src/domain/messages/message-template';
import { mailLanguage, type MailLanguage } from './mail-words';
import { systemClock } from './clock';

/**
 * Every message the platform sends, in one place: mail as plain text and HTML, SMS as short text.
 * Variables are escaped for HTML (and stripped of line breaks where they land in a subject or an SMS),
 * and every message names the workspace it comes from, so a person with several workspaces knows which.
 */

export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

export interface SmsContent {
  text: string;
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Escapes a value for HTML text and attribute positions. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);
}

/** One line, no control characters: a workspace name cannot add headers to a subject or lines to an SMS. */
export function oneLine(value: string): string {
  // eslint-disable-next-line no-control-regex
  return value.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim();
}

/** A mail from paragraphs of plain text; a link paragraph becomes an anchor in the HTML part. */
function mail(subject: string, paragraphs: (string | { link: string; label: string })[], lang = 'en'): MailContent {
  const text = paragraphs.map((p) => (typeof p === 'string' ? p : `${p.label}: ${p.link}`)).join('\n\n');
  const body = paragraphs
    .map((p) =>
      typeof p === 'string'
        ? `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`
        : `<p><a href="${escapeHtml(p.link)}">${escapeHtml(p.label)}</a></p><p style="color:#595959;font-size:12px">${escapeHtml(p.link)}</p>`,
    )
    .join('\n');
  const html =
    `<!doctype html><html lang="${escapeHtml(lang)}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>` +
    `<body style="font-family:-apple-system,'Segoe UI',Roboto,Arial,sans-serif;font-size:14px;line-height:1.5;color:#1f1f1f">\n${body}\n</body></html>`;
  return { subject: oneLine(subject), text, html };
}

/**
 * A mail from a workspace's own wording (plain text with {{placeholders}}, checked by `templateProblem`): the text
 * part is the wording filled in; the HTML part escapes every literal and every value, keeps paragraphs and line
 * breaks, and makes `link` values anchors. The subject is one line whatever the values hold.
 */
export function mailFromWording(
  wording: { subject: string; body: string },
  values: Record<string, string>,
  links: readonly string[] = ['link'],
): MailContent {
  const subject = oneLine(
    fillTemplate(wording.subject, Object.fromEntries(Object.entries(values).map(([k, v]) => [k, oneLine(v)]))),
  );
  const text = fillTemplate(wording.body, values);
  const paragraphs = wording.body.split(/\n{2,}/).map((paragraph) =>
    templateParts(paragraph)
      .map((part) => {
        if ('text' in part) return escapeHtml(part.text);
        const value = values[part.placeholder] ?? '';
        return links.includes(part.placeholder)
          ? `<a href="${escapeHtml(value)}">${escapeHtml(value)}</a>`
          : escapeHtml(value);
      })
      .join('')
      .replace(/\n/g, '<br>'),
  );
  const html =
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>` +
    `<body style="font-family:-apple-system,'Segoe UI',Roboto,Arial,sans-serif;font-size:14px;line-height:1.5;color:#1f1f1f">\n${paragraphs
      .map((p) => `<p>${p}</p>`)
      .join('\n')}\n</body></html>`;
  return { subject, text, html };
}

/** The last day a link works, as people read it ("7 December 2026"). */
export function readableDay(date: Date): string {
  return date.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
}

/** The recipient's language and workspace country (absent: English, India). */
export interface Recipient {
  language?: CourseLanguage;
  country?: 'IN' | 'CA';
}

/** "Hello Asha," or, with no first name, "Hello," in the recipient's words. */
function greeting(t: MailLanguage['t'], firstName: string): string {
  const name = oneLine(firstName);
  return name ? t('hello', { name }) : t('helloPlain');
}

export interface WorkspaceNamed {
  /** The workspace's company name, as its people know it. */
  workspaceName: string;
}

export const templates = {
  /** To a committee's members: a change of its members was asked for, approved or rejected (docs/case.md "Committee membership"). */
  committeeChange(
    v: WorkspaceNamed & {
      committeeName: string;
      what: 'REQUESTED' | 'APPROVED' | 'REJECTED';
      by: string;
      added: string[];
      removed: string[];
      approver: string;
    },
  ): MailContent {
    const name = oneLine(v.workspaceName);
    const committee = oneLine(v.committeeName);
    const who =
      [
        v.added.length ? `joining: ${v.added.join(', ')}` : '',
        v.removed.length ? `leaving: ${v.removed.join(', ')}` : '',
      ]
        .filter(Boolean)
        .join('; ') || 'roles change';
    const heading = {
      REQUESTED: 'A change of members is waiting for approval',
      APPROVED: 'A change of members was approved',
      REJECTED: 'A change of members was rejected',
    }[v.what];
    return mail(`${name}: ${committee}: ${heading.toLowerCase()}`, [
      `${heading} on ${committee} (${who}), ${v.what === 'REQUESTED' ? 'asked for' : 'decided'} by ${v.by}.`,
      v.what === 'REQUESTED'
        ? `It takes effect only once ${v.approver} approves it, in Internal Committee. Until then nothing changes.`
        : v.what === 'APPROVED'
          ? 'New members read the cases filed before they joined only once the one presiding admits them to each. Every open case records the change in its access log.'
          : 'Nothing changed. Every open case records the decision in its access log.',
    ]);
  },

  /** To a member admitted by the one presiding to a case filed before they joined. */
  caseAdmission(v: WorkspaceNamed & { caseNumber: string }): MailContent {
    const name = oneLine(v.workspaceName);
    return mail(`${name}: you were admitted to case ${oneLine(v.caseNumber)}`, [
      `The one presiding admitted you to case ${oneLine(v.caseNumber)}, filed before you joined the committee. Sign in and open Complaints to read it; every view is recorded.`,
    ]);
  },

  /** To a case's committee: the account of a party or of the presiding officer was (or was asked to be) deleted or deactivated. */
  caseStakeDeparture(
    v: WorkspaceNamed & { caseNumbers: string[]; what: 'delete' | 'deactivate'; done: boolean; acknowledged: boolean },
  ): MailContent {
    const name = oneLine(v.workspaceName);
    const cases = v.caseNumbers.map(oneLine).join(', ');
    const act = v.what === 'delete' ? 'delete' : 'deactivate';
    return mail(`${name}: an account with a stake in case ${cases}`, [
      v.done
        ? `An admin ${act === 'delete' ? 'deleted' : 'deactivated'} the account of a party or presiding officer of case ${cases}${v.acknowledged ? ', as the presiding officer acknowledged' : ''}.`
        : `An admin tried to ${act} the account of a party or presiding officer of case ${cases}. It was refused: the presiding officer has not acknowledged it.`,
      'The case records it in its access log. Open the case to see who and when.',
    ]);
  },

  /** The email sign-in code. Never in the subject: notifications and mail lists show subjects to whoever sees the screen. */
  signInCode(v: WorkspaceNamed & Recipient & { code: string; minutes: number }): MailContent {
    const { t, tag } = mailLanguage(v.language, v.country);
    const workspace = oneLine(v.workspaceName);
    return mail(
      t('signInCodeSubject', { workspace }),
      [t('signInCodeBody', { workspace, code: v.code }), t('signInCodeValidity', { minutes: v.minutes })],
      tag,
    );
  },

  /** The SMS sign-in code: the code first (phones offer it for autofill), then the workspace, in the person's words. */
  smsSignInCode(v: WorkspaceNamed & Recipient & { code: string; minutes: number }): SmsContent {
    const { t } = mailLanguage(v.language, v.country);
    return { text: t('smsSignInCode', { code: v.code, workspace: oneLine(v.workspaceName), minutes: v.minutes }) };
  },

  passwordResetCode(v: WorkspaceNamed & Recipient & { code: string; minutes: number }): MailContent {
    const { t, tag } = mailLanguage(v.language, v.country);
    const workspace = oneLine(v.workspaceName);
    return mail(
      t('resetSubject', { workspace }),
      [t('resetBody', { workspace, code: v.code, minutes: v.minutes }), t('resetIgnore')],
      tag,
    );
  },

  /** After a reset (every session ended) or a change by the signed-in user (every other session ended). */
  passwordChanged(v: WorkspaceNamed & Recipient & { keptThisSession?: boolean }): MailContent {
    const { t, tag } = mailLanguage(v.language, v.country);
    const workspace = oneLine(v.workspaceName);
    return mail(
      t('passwordChangedSubject', { workspace }),
      [
        t(v.keptThisSession ? 'passwordChangedBodyKept' : 'passwordChangedBody', { workspace }),
        t('passwordChangedWarn'),
      ],
      tag,
    );
  },

  /** The platform's invitation; `wording` is the workspace's own (message_templates), when it has one. */
  invitation(
    v: WorkspaceNamed &
      Recipient & {
        firstName: string;
        link: string;
        days: number;
        wording?: { subject: string; body: string } | null;
      },
  ): MailContent {
    const name = oneLine(v.workspaceName);
    if (v.wording) {
      return mailFromWording(v.wording, {
        firstName: oneLine(v.firstName) || 'there',
        companyName: name,
        link: v.link,
        days: String(v.days),
        expiresOn: readableDay(new Date(systemClock.now().getTime() + v.days * 24 * 60 * 60 * 1000)),
      });
    }
    const { t, tag } = mailLanguage(v.language, v.country);
    const first = oneLine(v.firstName);
    return mail(
      t('inviteSubject', { workspace: name }),
      [
        first ? t('inviteHello', { name: first }) : t('helloPlain'),
        t('inviteBody', { workspace: name }),
        { label: t('inviteAction'), link: v.link },
        t('inviteValidity', { days: v.days }),
      ],
      tag,
    );
  },

  /** After a sign-up: the link that confirms the email (the account cannot sign in before). */
  emailConfirmation(v: WorkspaceNamed & Recipient & { firstName: string; link: string; hours: number }): MailContent {
    const { t, tag } = mailLanguage(v.language, v.country);
    const workspace = oneLine(v.workspaceName);
    return mail(
      t('confirmEmailSubject', { workspace }),
      [
        greeting(t, v.firstName),
        t('confirmEmailBody', { workspace }),
        { label: t('confirmEmailAction'), link: v.link },
        t('confirmEmailValidity', { hours: v.hours }),
      ],
      tag,
    );
  },

  /** A sign-up with an email that already has an account: the answer on the page is the same, this mail tells the owner. */
  signUpExistingAccount(v: WorkspaceNamed & Recipient & { signInLink: string; resetLink: string }): MailContent {
    const { t, tag } = mailLanguage(v.language, v.country);
    const workspace = oneLine(v.workspaceName);
    return mail(
      t('existingSubject', { workspace }),
      [
        t('existingBody', { workspace }),
        { label: t('existingSignIn'), link: v.signInLink },
        { label: t('existingReset'), link: v.resetLink },
        t('existingIgnore'),
      ],
      tag,
    );
  },

  /** To a workspace's admins when an account is locked after too many wrong codes; the lock's end in its time zone. */
  lockoutNotice(
    v: WorkspaceNamed & {
      account: string;
      failures: number;
      lockedUntil: Date;
      timeZone: string;
      country?: 'IN' | 'CA';
    },
  ): MailContent {
    const name = oneLine(v.workspaceName);
    const until = mailLanguage('ENGLISH', v.country).time(v.lockedUntil, v.timeZone);
    return mail(`An account was locked in ${name}`, [
      `The ${name} account ${oneLine(v.account)} was locked after ${v.failures} wrong one-time codes in a row. Its sessions were ended, and it cannot sign in with a code or reset its password until ${until}, when the lock ends by itself.`,
      'To lift it sooner, once you have checked with the person: in People, open the person and choose "Unlock account".',
    ]);
  },

  /**
   * To the owner of a locked account who asks for a code or a reset: instead of a code, why none comes; in the person's
   * words, the lock's end in the workspace's time zone.
   */
  accountLocked(v: WorkspaceNamed & Recipient & { lockedUntil: Date; timeZone: string }): MailContent {
    const { t, time, tag } = mailLanguage(v.language, v.country);
    const workspace = oneLine(v.workspaceName);
    return mail(
      t('lockedSubject', { workspace }),
      [t('lockedBody', { workspace }), t('lockedEnds', { workspace, time: time(v.lockedUntil, v.timeZone) })],
      tag,
    );
  },

  /** The same, by SMS. */
  smsAccountLocked(v: WorkspaceNamed & Recipient & { lockedUntil: Date; timeZone: string }): SmsContent {
    const { t, time } = mailLanguage(v.language, v.country);
    return {
      text: t('smsLocked', { workspace: oneLine(v.workspaceName), time: time(v.lockedUntil, v.timeZone) }),
    };
  },

  /** To a learner a course was assigned to (the assignment-mail job), in the learner's language. */
  courseAssigned(
    v: WorkspaceNamed & Recipient & { firstName: string; courseTitle: string; dueOn: Date | null; link: string },
  ): MailContent {
    const { t, day, tag } = mailLanguage(v.language, v.country);
    const workspace = oneLine(v.workspaceName);
    const course = oneLine(v.courseTitle);
    return mail(
      t('assignedSubject', { workspace, course }),
      [
        greeting(t, v.firstName),
        `${t('assignedBody', { workspace, course })} ${v.dueOn ? t('completeBy', { date: day(v.dueOn) }) : t('noDueDate')}`,
        { link: v.link, label: t('openTraining') },
      ],
      tag,
    );
  },

  /** An auto-assignment rule matched people it could not assign: the catalogue course has no credits left for them. */
  autoAssignNoCredits(v: WorkspaceNamed & { courseTitle: string; notAssigned: number; link: string }): MailContent {
    const name = oneLine(v.workspaceName);
    return mail(
      `${name}: ${oneLine(v.courseTitle)} could not be assigned to ${v.notAssigned} ${v.notAssigned === 1 ? 'person' : 'people'}`,
      [
        'Hello,',
        `The auto-assignment rule of "${oneLine(v.courseTitle)}" matched ${v.notAssigned} ${v.notAssigned === 1 ? 'person' : 'people'} it could not assign: the course has no catalogue credits left. Ask for more credits; the rule assigns them when it runs again (save it once the credits are there).`,
        { link: v.link, label: 'Open the course' },
      ],
    );
  },

  /** One mail per learner a day, however many of their courses are due: overdue first, then due today, then soon. */
  courseReminderDigest(
    v: WorkspaceNamed &
      Recipient & {
        firstName: string;
        link: string;
        courses: { title: string; dueOn: Date | null; kind: 'BEFORE_DUE' | 'ON_DUE' | 'OVERDUE' }[];
      },
  ): MailContent {
    const { t, day, tag } = mailLanguage(v.language, v.country);
    const workspace = oneLine(v.workspaceName);
    const line = (c: { title: string; dueOn: Date | null; kind: string }) =>
      `- ${oneLine(c.title)}: ${
        !c.dueOn
          ? t('courseNotCompleted')
          : c.kind === 'OVERDUE'
            ? t('courseOverdueSince', { date: day(c.dueOn) })
            : c.kind === 'ON_DUE'
              ? t('courseDueToday')
              : t('courseDueOn', { date: day(c.dueOn) })
      }`;
    const overdue = v.courses.some((c) => c.kind === 'OVERDUE');
    const one = v.courses.length === 1;
    const subject = one
      ? t(overdue ? 'courseOverdueOne' : 'courseReminderOne', { course: oneLine(v.courses[0].title), workspace })
      : t(overdue ? 'courseOverdueMany' : 'courseReminderMany', { count: v.courses.length, workspace });
    return mail(
      subject,
      [
        greeting(t, v.firstName),
        `${t(one ? 'courseIntroOne' : 'courseIntroMany')}\n${v.courses.map(line).join('\n')}`,
        { link: v.link, label: t('openTraining') },
      ],
      tag,
    );
  },

  /** To the complainant who filed a complaint: its receipt, in their language (docs/i18n.md). */
  complaintReceipt(
    v: Recipient & { caseNumber: string; receivedOn: string; committee: boolean; late: boolean },
  ): MailContent {
    const { t, day, tag } = mailLanguage(v.language, v.country);
    const c = v.caseNumber;
    return mail(
      t('receiptSubject', { case: c }),
      [
        t('receiptBody', { case: c, date: day(new Date(`${v.receivedOn}T00:00:00Z`)) }),
        `${t('receiptWho')} ${t(v.committee ? 'receiptNext' : 'receiptLocal')}`,
        ...(v.late ? [t('receiptLate')] : []),
      ],
      tag,
    );
  },

  /** To a complainant for whom a committee member recorded a complaint: read it and confirm it. */
  complaintToConfirm(v: Recipient & { caseNumber: string; recordedOn: string }): MailContent {
    const { t, day, tag } = mailLanguage(v.language, v.country);
    return mail(
      t('toConfirmSubject', { case: v.caseNumber }),
      [
        t('toConfirmBody', { case: v.caseNumber, date: day(new Date(`${v.recordedOn}T00:00:00Z`)) }),
        t('toConfirmAction'),
      ],
      tag,
    );
  },

  /** To a party the committee wrote to: only that there is a message (its words stay on the case page). */
  caseMessageToParty(v: Recipient & { caseNumber: string }): MailContent {
    const { t, tag } = mailLanguage(v.language, v.country);
    return mail(t('caseMessageSubject', { case: v.caseNumber }), [t('caseMessageBody', { case: v.caseNumber })], tag);
  },

  /** To a party of a closed case; a POSH case's appeal right (IN-10) with its last day. */
  caseClosedToParty(v: Recipient & { caseNumber: string; appealBy: string | null }): MailContent {
    const { t, day, tag } = mailLanguage(v.language, v.country);
    const closed = t('caseClosedBody', { case: v.caseNumber });
    return mail(
      t('caseClosedSubject', { case: v.caseNumber }),
      [v.appealBy ? `${closed} ${t('caseAppeal', { date: day(new Date(`${v.appealBy}T00:00:00Z`)) })}` : closed],
      tag,
    );
  },

  /** To a learner who completed a course (the completion-mail job): what was recorded and where the certificate is. */
  courseCompleted(
    v: WorkspaceNamed &
      Recipient & {
        firstName: string;
        courseTitle: string;
        completedOn: Date;
        expiresOn: Date | null;
        certificateCode: string | null;
        link: string;
      },
  ): MailContent {
    const { t, day, tag } = mailLanguage(v.language, v.country);
    const workspace = oneLine(v.workspaceName);
    const course = oneLine(v.courseTitle);
    const completed = t('completedBody', { course, date: day(v.completedOn) });
    return mail(
      t('completedSubject', { course, workspace }),
      [
        greeting(t, v.firstName),
        v.expiresOn ? `${completed} ${t('completedValidUntil', { date: day(v.expiresOn) })}` : completed,
        ...(v.certificateCode ? [t('certificateCode', { code: v.certificateCode })] : []),
        { link: v.link, label: t('completedAction') },
      ],
      tag,
    );
  },

  /** To a learner whose certification runs out soon: the course is assigned again (recertification). */
  courseRecertify(
    v: WorkspaceNamed & Recipient & { firstName: string; courseTitle: string; expiresOn: Date; link: string },
  ): MailContent {
    const { t, day, tag } = mailLanguage(v.language, v.country);
    const workspace = oneLine(v.workspaceName);
    const course = oneLine(v.courseTitle);
    return mail(
      t('renewSubject', { course, workspace }),
      [
        greeting(t, v.firstName),
        t('renewBody', { course, workspace, date: day(v.expiresOn) }),
        { link: v.link, label: t('openCourse') },
      ],
      tag,
    );
  },

  /** To a workspace admin, ahead of time: a catalogue course's coming recertifications need more credits than are left. */
  courseCreditsShort(
    v: WorkspaceNamed & { courseTitle: string; needed: number; balance: number; firstOn: Date; link: string },
  ): MailContent {
    const name = oneLine(v.workspaceName);
    return mail(`Credits needed for ${oneLine(v.courseTitle)} recertifications (${name})`, [
      `${v.needed} ${v.needed === 1 ? 'person' : 'people'} in ${name} must recertify on "${oneLine(v.courseTitle)}" from ${readableDay(v.firstOn)}, and the course has ${v.balance} ${v.balance === 1 ? 'credit' : 'credits'} left.`,
      'Ask for more credits before then, or they cannot be assigned the course again and will fall out of compliance when their certification expires.',
      { link: v.link, label: 'Open the course' },
    ]);
  },

  /** One mail per person a day: the workspace's policies they have not accepted yet, overdue first; in their language. */
  policyReminder(
    v: WorkspaceNamed &
      Recipient & {
        firstName: string;
        link: string;
        policies: { title: string; dueOn: Date | null; overdue: boolean }[];
      },
  ): MailContent {
    const { t, day, tag } = mailLanguage(v.language, v.country);
    const workspace = oneLine(v.workspaceName);
    const line = (p: { title: string; dueOn: Date | null; overdue: boolean }) =>
      `- ${oneLine(p.title)}: ${!p.dueOn ? t('policyToAccept') : p.overdue ? t('policyOverdueSince', { date: day(p.dueOn) }) : t('policyAcceptBy', { date: day(p.dueOn) })}`;
    const overdue = v.policies.some((p) => p.overdue);
    const one = v.policies.length === 1;
    const subject = one
      ? t(overdue ? 'policyOverdueOne' : 'policyReminderOne', { policy: oneLine(v.policies[0].title), workspace })
      : t(overdue ? 'policyOverdueMany' : 'policyReminderMany', { count: v.policies.length, workspace });
    return mail(
      subject,
      [
        greeting(t, v.firstName),
        `${t(one ? 'policyIntroOne' : 'policyIntroMany')}\n${v.policies.map(line).join('\n')}`,
        { link: v.link, label: t('openPolicies') },
      ],
      tag,
    );
  },

  /** To a department manager, once, when a learner of their department is a set number of days overdue. */
  courseOverdueManager(
    v: WorkspaceNamed & { learnerName: string; courseTitle: string; dueOn: Date; days: number },
  ): MailContent {
    const name = oneLine(v.workspaceName);
    return mail(`${oneLine(v.learnerName)} is ${v.days} days late on ${oneLine(v.courseTitle)}`, [
      `${oneLine(v.learnerName)}, of a department you manage in ${name}, has not completed "${oneLine(v.courseTitle)}", which was due on ${readableDay(v.dueOn)}.`,
      'They have been reminded. A word from you may help.',
    ]);
  },

  // The case's and the platform's notices below, but for the meeting invitation, the investigator's report and the
  // settlement, are written in English for every recipient (their words are not in the mail-words catalogue yet);
  // they say what happened and where to look, never a case's contents past its number unless the recipient may read it.

  /** To the committee's members who may read it: a complaint (or a confidential report) was assigned to them. */
  newComplaint(v: { caseNumber: string; confidentialReport: boolean }): MailContent {
    const what = v.confidentialReport ? 'A new confidential report' : 'A new complaint';
    return mail(`A new complaint: case ${v.caseNumber}`, [
      `${what}, case ${v.caseNumber}, is assigned to your committee. Sign in to read it.`,
    ]);
  },

  /**
   * To a meeting's guests, with the .ics invitation attached by the caller, in the guest's language; `when` is in the
   * workspace's zone, written in the guest's locale by the caller.
   */
  meetingInvitation(
    v: Recipient & {
      title: string;
      caseNumber: string;
      when: string;
      location: string;
      agenda: string;
      /** The Indian regime's rule that no legal practitioner represents a party (POSH Rules, r.7(6)). */
      noLegalPractitioners: boolean;
    },
  ): MailContent {
    const { t, tag } = mailLanguage(v.language, v.country);
    const title = oneLine(v.title);
    return mail(
      t('meetingSubject', { title, case: v.caseNumber }),
      [
        t('meetingInvited', { title, case: v.caseNumber }),
        t('meetingWhenWhere', { when: v.when, location: v.location }),
        t('meetingAgenda', { agenda: v.agenda }),
        ...(v.noLegalPractitioners ? [t('meetingNoLawyers')] : []),
        t('meetingAttached'),
      ],
      tag,
    );
  },

  /** To a confidential report's reporter, at the contact address they chose: only that there is a reply. */
  reporterReply(): MailContent {
    return mail('There is a reply to your report', [
      'There is a reply to the report you made. Open the report page of your workplace and enter your receipt key to read it.',
      'This mail says nothing more on purpose.',
    ]);
  },

  /** To the case's readers: the reporter of a confidential report asked for interim relief or conciliation. */
  reporterAsked(v: { caseNumber: string; what: 'INTERIM_RELIEF' | 'CONCILIATION' }): MailContent {
    const what =
      v.what === 'INTERIM_RELIEF' ? 'The reporter asked for interim relief' : 'The reporter asked for conciliation';
    return mail(`${what}: case ${v.caseNumber}`, [`${what} on case ${v.caseNumber}. Sign in to read it.`]);
  },

  /** To the case's readers: a party wrote to the committee (no words of it, no name). */
  partyMessage(v: { caseNumber: string; from: 'complainant' | 'respondent' | 'reporter' }): MailContent {
    return mail(`A new message on case ${v.caseNumber}`, [
      `The ${v.from} wrote to the committee on case ${v.caseNumber}. Sign in to read it.`,
    ]);
  },

  /** To the parties: the investigator's final report (Canada's Regulations s.30), in the party's language. */
  investigatorReport(
    v: Recipient & {
      caseNumber: string;
      description: string;
      conclusions: string;
      recommendations: { position: number; body: string }[];
    },
  ): MailContent {
    const { t, tag } = mailLanguage(v.language, v.country);
    const recommendations =
      v.recommendations.length > 0 ? v.recommendations.map((r) => `${r.position}. ${r.body}`) : [t('investigatorNone')];
    return mail(
      t('investigatorSubject', { case: v.caseNumber }),
      [
        t('investigatorFinal', { case: v.caseNumber }),
        `${t('investigatorDescription')}\n${v.description}`,
        `${t('investigatorConclusions')}\n${v.conclusions}`,
        `${t('investigatorRecommendations')}\n${recommendations.join('\n')}`,
        t('investigatorChoose'),
      ],
      tag,
    );
  },

  /** To the employers: the committee recommends interim relief (POSH Act s.12). `relief` is its code (`TRANSFER_...`). */
  interimReliefRecommended(v: { caseNumber: string; relief: string }): MailContent {
    const relief = v.relief.toLowerCase().replace(/_/g, ' ');
    return mail(`Interim relief recommended: case ${v.caseNumber}`, [
      `The Internal Committee recommends interim relief on case ${v.caseNumber} (${relief}). The POSH Act (s.12) asks the employer to implement it. Sign in for the details.`,
    ]);
  },

  /** To the employers and the parties: a settlement by conciliation, with its terms (IN-04), in the reader's language. */
  conciliationSettled(v: Recipient & { caseNumber: string; terms: string }): MailContent {
    const { t, tag } = mailLanguage(v.language, v.country);
    return mail(
      t('conciliationSubject', { case: v.caseNumber }),
      [t('conciliationRecorded', { case: v.caseNumber }), v.terms, t('conciliationNoInquiry')],
      tag,
    );
  },

  /** To the case's readers: the complainant confirmed a complaint recorded on their behalf. */
  complaintConfirmed(v: { caseNumber: string }): MailContent {
    return mail(`Case ${v.caseNumber} is confirmed`, [
      `The complainant confirmed case ${v.caseNumber}: it proceeds and its clocks start today.`,
    ]);
  },

  /** To the case's readers: a clock of the case is near its deadline (`approaching`: how near) or missed it. */
  deadlineNotice(v: {
    caseNumber: string;
    label: string;
    rule: string;
    dueOn: string;
    missed: boolean;
    approaching: string;
    link: string;
  }): MailContent {
    const what = v.missed ? `was due on ${v.dueOn} and has been missed` : `is ${v.approaching} (${v.dueOn})`;
    return mail(v.missed ? `Missed deadline on case ${v.caseNumber}` : `Deadline approaching on case ${v.caseNumber}`, [
      `On case ${v.caseNumber}, "${v.label}" (${v.rule}) ${what}. Open the case: ${v.link}`,
    ]);
  },

  /** To the case's readers: a closed case will be purged under the retention rules. */
  purgeWarning(v: { caseNumber: string; purgeOn: string; link: string }): MailContent {
    return mail(`Case ${v.caseNumber} will be purged on ${v.purgeOn}`, [
      `Under the workspace's retention rules, closed case ${v.caseNumber} will be purged on ${v.purgeOn}: its parties, incident, messages, ` +
        `meetings and evidence will be deleted for good; a record that the case existed, its outcome and its dates stays. ` +
        `The member presiding over the case may place a legal hold or postpone the purge before then: ${v.link}`,
    ]);
  },

  /**
   * To the target of an escalation: with `mayRead`, the late step and the case's link; otherwise only that the case is
   * late, and the figures' link (the case is confidential to its committee).
   */
  escalation(v: {
    caseNumber: string;
    level: number;
    lateDays: number;
    mayRead: boolean;
    /** The late step's label and due day (as the workspace writes days), and the case's link: told to its readers only. */
    stepLabel: string;
    dueOn: string;
    caseLink: string;
    statutory: boolean;
    figuresLink: string;
  }): MailContent {
    const what = v.statutory ? 'a statutory deadline' : 'a step of the redressal process';
    return mail(`Escalation (level ${v.level}): case ${v.caseNumber}`, [
      v.mayRead
        ? `Case ${v.caseNumber} is escalated to you (level ${v.level}): "${v.stepLabel}" was due on ${v.dueOn}, ${v.lateDays} day(s) ago. Open the case: ${v.caseLink}`
        : `Case ${v.caseNumber} is escalated to you (level ${v.level}): ${what} is ${v.lateDays} day(s) late. The case is confidential to its committee; the figures are at ${v.figuresLink}`,
    ]);
  },

  /** To a party of a Canadian case, monthly (Work Place Harassment and Violence Prevention Regulations s.34). */
  monthlyStatusUpdate(v: { caseNumber: string; nextStep: string | null; link: string }): MailContent {
    const status = v.nextStep ? `The case is open; the committee is at the step "${v.nextStep}".` : 'The case is open.';
    return mail(`Monthly status update: case ${v.caseNumber}`, [
      `This is the monthly status update on case ${v.caseNumber} (Canada Labour Code, s.34 of the Work Place Harassment and Violence Prevention Regulations). ${status} Sign in to read any messages: ${v.link}`,
    ]);
  },

  /** To a workspace's admins: a webhook endpoint failed too often and was paused. */
  webhookPaused(v: WorkspaceNamed & { host: string; failures: number }): MailContent {
    return mail(`${v.workspaceName}: a webhook endpoint was paused`, [
      `The webhook endpoint at ${v.host} failed ${v.failures} deliveries in a row over a day, so ` +
        `${v.workspaceName} stopped sending to it. Its events are kept. Check the receiver, then resume the endpoint under ` +
        `Settings, Webhooks: the waiting deliveries go out again.`,
    ]);
  },

  /** To the sales address: someone asked for a demo on the public site. */
  demoRequest(v: {
    name: string;
    workEmail: string;
    source: string;
    organisation: string;
    country: string;
    employees: string;
    message: string | null;
    link: string;
  }): MailContent {
    return mail(`Demo request: ${v.organisation} (${v.country}, ${v.employees} employees)`, [
      `${v.name} <${v.workEmail}> asked for a demo from the ${v.source} page.`,
      `Organisation: ${v.organisation}\nCountry: ${v.country}\nEmployees: ${v.employees}`,
      v.message ? `Their message:\n${v.message}` : 'No message.',
      `All requests: ${v.link}`,
    ]);
  },

  /** To whoever asked for a demo: confirm the address (the link carries the one-time code). */
  demoRequestConfirmation(v: { name: string; link: string }): MailContent {
    return mail('Confirm your SafePlace demo request', [
      `Hello ${v.name},`,
      `Thank you for your interest in SafePlace. Please confirm that this is your address, so that we can reply:\n${v.link}`,
      'We reply within one working day. If you did not ask for this, ignore this mail: we will not write again.',
    ]);
  },

  /** To a scheduled report's owner: the schedule stopped, and why. */
  scheduledReportStopped(v: { reportName: string; company: string; reason: string }): MailContent {
    return mail(`Scheduled report stopped: ${v.reportName}`, [
      `Your scheduled report "${v.reportName}" (${v.company}) was stopped. ${v.reason}`,
    ]);
  },

  /** To a scheduled report's recipients: the file attached (by the caller), or its link when it is too large. */
  scheduledReport(v: {
    reportName: string;
    company: string;
    rows: number;
    frequency: 'WEEKLY' | 'MONTHLY';
    ownerName: string;
    fileName: string;
    /** The download link when the file is too large to attach, and the attachment limit in MB. */
    tooLarge: { url: string; limitMb: number } | null;
  }): MailContent {
    const when = v.frequency === 'WEEKLY' ? 'every week' : 'every month';
    return mail(`Scheduled report: ${v.reportName}`, [
      `The report "${v.reportName}" of ${v.company}, ${v.rows} ${v.rows === 1 ? 'row' : 'rows'}, sent ${when} at ${v.ownerName}'s request.`,
      v.tooLarge
        ? `The file ${v.fileName} is too large to attach (over ${v.tooLarge.limitMb} MB). Download it within 7 days: ${v.tooLarge.url}`
        : `The file ${v.fileName} is attached.`,
    ]);
  },
};
