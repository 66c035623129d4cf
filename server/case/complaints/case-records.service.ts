import type { z } from 'zod';
import type { ExportBody, ExportSection } from '../../../src/contracts/case/case-records.contract';
import type { Database } from '../../platform/db/database';
import { ok, refuse, type Outcome } from '../../platform/refusal';
import { CASE_LOG_FORMAT, type CaseLogFile } from '../../../src/domain/complaints/audit-chain';
import { renderCaseBundle } from './case-export';
import { caseLogChain, caseListReads, type CaseLogEntry } from './case-log.repository';
import { caseAudit } from './complaints.repository';
import type { Actor, ComplaintService } from './complaints.service';
import { systemClock, type Clock } from '../../platform/clock';

/**
 * Records of a case (docs/case.md "Records"): the redacted export. Who may export: the member presiding over the case,
 * or the member presiding in their place when they are recused (IN-06), as for the access log: the bundle is the
 * whole record, and the one presiding answers for it. Any other member is refused (403); anyone with no part in the
 * case gets the 404 every case call gives.
 */
export class CaseRecordsService {
  constructor(
    private readonly db: Database,
    private readonly complaints: ComplaintService,
    private readonly clock: Clock = systemClock,
  ) {}

  async export(
    actor: Actor,
    id: string,
    body: z.output<typeof ExportBody>,
  ): Promise<Outcome<{ bytes: Buffer; fileName: string }>> {
    // The committee's full view, decided by the same access check as every case call (not logged as a read: the
    // export is logged below, as what it is).
    const read = await this.complaints.read(actor, id, { audit: false });
    if (!read.ok) return read;
    const detail = read.value;
    if (!detail.callerPresides)
      return refuse('forbidden', 'FORBIDDEN', 'Only the member presiding over the case exports it');
    const known = new Set([
      ...detail.messages.map((m) => m.messageId),
      ...detail.meetings.map((m) => m.meetingId),
      ...detail.evidence.map((f) => f.fileId),
    ]);
    const fields: Record<string, string> = {};
    body.redactItems.forEach((item, i) => {
      if (!known.has(item)) fields[`redactItems.${i}`] = 'Not a message, meeting or evidence file of this case';
    });
    if (Object.keys(fields).length)
      return refuse('invalid', 'VALIDATION', `Invalid export: ${Object.keys(fields).join(', ')}`, fields);
    const exportedAt = this.clock.now().toISOString();
    const redactSections = [...new Set(body.redactSections)];
    const redactItems = [...new Set(body.redactItems)];
    // The export is logged first, so the log the file carries ends with it.
    const { entries, listReads } = await this.db.tenant(actor.ws, async (tx) => {
      await caseAudit(tx, {
        ws: actor.ws,
        complaintId: id,
        actorUserId: actor.userId,
        action: 'complaint.export',
        ip: actor.ip,
        details: { purpose: body.purpose, redactedSections: redactSections, redactedItems: redactItems },
      });
      return { entries: await caseLogChain(tx, actor.ws, id), listReads: await caseListReads(tx, actor.ws, id) };
    });
    const hidden = (e: CaseLogEntry) => withheld(e, new Set(redactSections), redactItems);
    // With the parties redacted, the log names the committee's members only (they are in the summary): anyone else
    // who read the case is a party, or someone the case named.
    const committee = new Set(detail.committee?.members.map((m) => m.userId) ?? []);
    const named = <T extends { actorUserId: string | null; actorName: string }>(e: T): T =>
      redactSections.includes('PARTIES') && e.actorUserId !== null && !committee.has(e.actorUserId)
        ? { ...e, actorName: 'Someone outside the committee (parties redacted)' }
        : e;
    const logEntries = entries.map((e) => named({ ...e, withheld: hidden(e) }));
    const log: CaseLogFile = {
      format: CASE_LOG_FORMAT,
      workspaceId: actor.ws,
      complaintId: id,
      caseNumber: detail.caseNumber,
      exportedAt,
      head: entries.length ? entries[entries.length - 1].hash : null,
      entries: logEntries.map((e) => ({
        seq: e.seq,
        line: e.line,
        prevHash: e.prevHash,
        hash: e.hash,
        details: e.withheld ? null : e.details,
        ...(e.redacted ? { redacted: true } : {}),
      })),
    };
    const bytes = await renderCaseBundle(detail, {
      purpose: body.purpose,
      redactSections: new Set(redactSections),
      redactItems: new Set(redactItems),
      workspaceName: actor.workspaceName,
      exportedBy: actor.name || actor.email,
      exportedAt,
      log,
      logEntries,
      listReads: listReads.map(named),
    });
    return ok({
      bytes,
      fileName: `case-${detail.caseNumber}-${body.purpose === 'APPEAL' ? 'appeal' : 'legal-review'}.pdf`,
    });
  }
}

/** Which section an action's details belong to: they are withheld from the export when that section is redacted. */
const SECTION_OF_ACTION: [string, ExportSection][] = [
  ['evidence.', 'EVIDENCE'],
  ['message.', 'MESSAGES'],
  ['meeting.', 'MEETINGS'],
  ['step.', 'STEPS'],
  ['complaint.close', 'OUTCOME'],
  ['conciliation.', 'OUTCOME'],
];

/**
 * An entry's details are withheld from the export (its line, with their hash, stays, so the chain still verifies)
 * when they name a redacted item or belong to a redacted section.
 */
export function withheld(
  e: { action: string; details: string | null },
  sections: ReadonlySet<ExportSection>,
  items: readonly string[],
): boolean {
  if (e.details === null || e.action === 'complaint.export') return false;
  if (items.some((item) => e.details!.includes(item))) return true;
  return SECTION_OF_ACTION.some(([prefix, section]) => e.action.startsWith(prefix) && sections.has(section));
}
