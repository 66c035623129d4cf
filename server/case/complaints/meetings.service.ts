import type { z } from 'zod';
import { MeetingBody } from '../../../src/contracts/case/complaints.contract';
import type { CaseMeeting } from '../../../src/contracts/case/complaints.contract';
import { meetingInvitation } from '../../../src/domain/complaints/ics';
import { formatTimeRange } from '../../../src/domain/shared/date-time';
import { type Database } from '../../platform/db/database';
import type { Mailer } from '../../platform/messages';
import * as repo from './complaints.repository';
import * as meetingsRepo from './meetings.repository';
import { dateTimeSettingsOf, regimeOf } from './regime';
import { ok, raise, refuse, refusing, type Outcome as Result } from '../../platform/refusal';
import { compositionGate } from './hearings.service';
import { directoryGuests, lockMeeting } from './hearings.repository';
import type { ComplaintService, Actor } from './complaints.service';
import { templates } from '../../platform/message-templates';
import { recipientByAddress } from '../../platform/languages';
import { mailLanguage } from '../../platform/mail-words';
import { localeFor } from '../../../src/domain/shared/app-language';
import { systemClock, type Clock } from '../../platform/clock';

/** The case's meetings (docs/case.md "Complaints"): the committee schedules them (guests invited by mail) and records them. */
export class MeetingService {
  constructor(
    private readonly db: Database,
    private readonly mail: Mailer,
    /** The case: who may do what in it, its log and its read (complaints.service.ts). */
    private readonly cases: ComplaintService,
    private readonly clock: Clock = systemClock,
  ) {}

  async scheduleMeeting(actor: Actor, id: string, body: z.output<typeof MeetingBody>): Promise<Result<CaseMeeting>> {
    return refusing(async () =>
      ok(
        await this.db.tenant(actor.ws, async (tx) => {
          const access = await this.cases.access(tx, actor, id, { committeeOnly: true, lock: true });
          if (access.row.status === 'CLOSED') raise(refuse('conflict', 'CONFLICT', 'The case is closed'));
          if (body.stepId) {
            const steps = await repo.stepsOf(tx, actor.ws, id, access.row.version_id);
            const step = steps.find((s) => s.id === body.stepId);
            if (!step || step.kind !== 'MEETING')
              raise(
                refuse('invalid', 'VALIDATION', 'Not a meeting step of this case', {
                  stepId: 'Not a meeting step of this case',
                }),
              );
            // A hearing is held by a committee constituted as the Act asks, or on the presiding officer's override (IN-02).
            const constitution = await compositionGate(
              tx,
              actor.ws,
              access,
              this.cases.today(await regimeOf(tx, actor.ws)),
            );
            if (constitution) raise(constitution);
          }
          // People picked from the directory are invited at the address the workspace holds for them; an id that is not
          // one of this workspace's active people is refused, so a committee cannot mail a stranger's account through it.
          const picked = [...new Set(body.people)];
          const found = await directoryGuests(tx, actor.ws, picked);
          if (found.length !== picked.length)
            raise(
              refuse('invalid', 'unknown-person', 'A guest picked is not a person of this workspace', {
                people: 'A guest picked is not a person of this workspace',
              }),
            );
          const guests = [...new Set([...found.map((p) => p.email), ...body.guests.map((g) => g.toLowerCase())])];
          const m = {
            id: await meetingsRepo.insertMeeting(tx, actor.ws, id, {
              stepId: body.stepId,
              title: body.title,
              agenda: body.agenda,
              startsAt: body.startsAt,
              endsAt: body.endsAt,
              location: body.location,
              guests,
              createdBy: actor.userId,
            }),
          };
          const caseNumber = repo.caseNumberText(access.row.case_number);
          // The mail's words give the time in the workspace's zone; the attached invitation carries the instant (UTC).
          const settings = dateTimeSettingsOf(await regimeOf(tx, actor.ws));
          const ics = meetingInvitation({
            uid: `${m.id}@safeplace`,
            title: body.title,
            description: `${body.agenda}\n\nCase ${caseNumber}. Confidential.`,
            startsAt: body.startsAt,
            endsAt: body.endsAt,
            location: body.location,
            organizerEmail: actor.email,
            guests,
            stamp: this.clock.now().toISOString(),
          });
          // Each guest reads the invitation in their own language (their choice, else the workspace's default).
          const mails = [];
          for (const to of guests) {
            const reader = await recipientByAddress(tx, actor.ws, to);
            const { t } = mailLanguage(reader.language, reader.country);
            // The date's order follows the workspace's region (its calendar's setting), the words the guest's language.
            const locale = localeFor(reader.language ?? 'ENGLISH', settings.locale.endsWith('-CA') ? 'CA' : 'IN');
            mails.push({
              workspaceId: actor.ws,
              to,
              ...templates.meetingInvitation({
                ...reader,
                title: body.title,
                caseNumber,
                when: formatTimeRange(body.startsAt, body.endsAt, { ...settings, locale }, t('rangeTo')),
                location: body.location,
                agenda: body.agenda,
                noLegalPractitioners: access.row.compliance === 'IN_POSH',
              }),
              attachments: [
                { fileName: 'invite.ics', contentType: 'text/calendar; method=REQUEST; charset=utf-8', content: ics },
              ],
            });
          }
          await this.mail.sendMany(mails, tx);
          await this.cases.log(tx, actor, id, 'meeting.schedule', { meetingId: m.id, guests: guests.length });
          return (await this.cases.meetings(tx, access, actor.ws, id)).find((x) => x.meetingId === m.id)!;
        }),
      ),
    );
  }

  async recordMeeting(
    actor: Actor,
    id: string,
    meetingId: string,
    body: { minutes?: string; outcome?: string },
  ): Promise<Result<CaseMeeting>> {
    return refusing(async () =>
      ok(
        await this.db.tenant(actor.ws, async (tx) => {
          const access = await this.cases.access(tx, actor, id, { committeeOnly: true, lock: true });
          // Signed minutes are the hearing's record (IN-06): they no longer change.
          const meeting = await lockMeeting(tx, actor.ws, id, meetingId);
          if (meeting?.minutes_signed_at)
            raise(refuse('conflict', 'CONFLICT', 'The minutes of this meeting are signed: they no longer change'));
          const done = await meetingsRepo.recordMeetingNotes(tx, actor.ws, id, meetingId, body);
          if (!done) raise(refuse('not-found', 'NOT_FOUND', 'No such meeting on this case'));
          await this.cases.log(tx, actor, id, 'meeting.record', { meetingId, fields: Object.keys(body) });
          return (await this.cases.meetings(tx, access, actor.ws, id)).find((x) => x.meetingId === meetingId)!;
        }),
      ),
    );
  }
}
