import { formatDate, formatDateTime, type DateTimeSettings } from '../../../src/domain/shared/date-time';
import { createRequire } from 'node:module';
import type { ExportSection } from '../../../src/contracts/case/case-records.contract';
import type { ComplaintDetail } from '../../../src/contracts/case/complaints.contract';
import { CASE_LOG_ATTACHMENT, type CaseLogFile } from '../../../src/domain/complaints/audit-chain';
import type { CaseLogEntry, ListReadEntry } from './case-log.repository';

/**
 * The case file as one PDF bundle for legal review or appeal (docs/case.md "Records"). A redacted part is never
 * written into the PDF: its text is not passed to pdfkit at all, and a marked block stands in its place, so no
 * extraction, copy or removal of an overlay can bring it back.
 */
export interface BundleOptions {
  purpose: 'LEGAL_REVIEW' | 'APPEAL';
  redactSections: ReadonlySet<ExportSection>;
  /** Ids of messages, meetings or evidence files left out. */
  redactItems: ReadonlySet<string>;
  workspaceName: string;
  exportedBy: string;
  exportedAt: string;
  /** The access log with its hash chain (docs/case.md "The access log's hash chain"). */
  log: CaseLogFile;
  /** The log's entries as printed: who, and whether the details were withheld (they touch a redacted part). */
  logEntries: readonly (CaseLogEntry & { withheld: boolean })[];
  /** The workspace's list reads that listed the case, with their place in the workspace's own chain. */
  listReads: readonly ListReadEntry[];
}

const require = createRequire(import.meta.url);
const FONT = require.resolve('@fontsource/noto-sans/files/noto-sans-latin-400-normal.woff');
const FONT_EXT = require.resolve('@fontsource/noto-sans/files/noto-sans-latin-ext-400-normal.woff');

const SECTION_TITLES: Record<ExportSection, string> = {
  PARTIES: 'Parties',
  INCIDENT: 'Incident',
  CLOCKS: 'Statutory clocks',
  MESSAGES: 'Messages',
  MEETINGS: 'Meetings and minutes',
  STEPS: 'Steps',
  OUTCOME: 'Outcome',
  EVIDENCE: 'Evidence',
};
export const SECTION_ORDER: ExportSection[] = [
  'PARTIES',
  'INCIDENT',
  'CLOCKS',
  'MESSAGES',
  'MEETINGS',
  'STEPS',
  'OUTCOME',
  'EVIDENCE',
];

/** A bundle's dates in the workspace's zone and its country's format (date-time.ts); UTC for a detail that has none. */
const UTC: DateTimeSettings = { zone: 'UTC', locale: 'en-IN' };

/** Renders the bundle; resolves with the PDF's bytes. */
export async function renderCaseBundle(c: ComplaintDetail, o: BundleOptions): Promise<Buffer> {
  // Loaded on the first PDF, not at start (docs/architecture.md "Memory").
  const { default: PDFDocument } = await import('pdfkit');
  const dates = c.dateTime ?? UTC;
  const day = (iso: string | null) => (iso ? formatDate(iso, dates) : '—');
  const when = (iso: string) => formatDateTime(iso, dates);
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    bufferPages: true,
    info: {
      Title: `Case ${c.caseNumber} – ${o.purpose === 'APPEAL' ? 'appeal' : 'legal review'} bundle`,
      Author: o.workspaceName,
      Subject: 'Confidential case record',
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.registerFont('body', FONT);
  doc.registerFont('ext', FONT_EXT);
  const width = doc.page.width - 100;
  // Latin Extended letters are in the second face; the text is set in one face per paragraph, by what it holds.
  const face = (text: string) => (/[\u0100-\u024f]/.test(text) ? 'ext' : 'body');

  const heading = (text: string) => {
    doc.moveDown(0.6);
    doc.font('body').fontSize(14).fillColor('#1f2328').text(text, 50, undefined, { width });
    doc
      .moveTo(50, doc.y + 2)
      .lineTo(50 + width, doc.y + 2)
      .lineWidth(0.5)
      .stroke('#8c959f');
    doc.moveDown(0.4);
  };
  const para = (text: string, size = 10, color = '#1f2328') => {
    doc.font(face(text)).fontSize(size).fillColor(color).text(text, 50, undefined, { width });
  };
  const field = (label: string, value: string | null | undefined) =>
    para(`${label}: ${value && value.trim() ? value : '—'}`);
  /** The marked block that stands where redacted content was: a dark box and a label, never the content. */
  const redacted = (what: string) => {
    if (doc.y > doc.page.height - 90) doc.addPage();
    const y = doc.y + 2;
    doc.rect(50, y, width, 22).fill('#24292f');
    doc
      .font('body')
      .fontSize(9)
      .fillColor('#ffffff')
      .text(`REDACTED — ${what}`, 58, y + 6, { width: width - 16, lineBreak: false });
    doc.fillColor('#1f2328');
    doc.x = 50;
    doc.y = y + 28;
  };
  const section = (id: ExportSection, body: () => void) => {
    heading(SECTION_TITLES[id]);
    if (o.redactSections.has(id)) redacted(`the whole section “${SECTION_TITLES[id]}”`);
    else body();
  };

  // Cover: the case, not its parties.
  doc.font('body').fontSize(18).text(`Case ${c.caseNumber}`, { width });
  para(`${o.workspaceName} — confidential case record (POSH Act s.16 / Canada Labour Code s.35)`, 10, '#57606a');
  para(
    `Bundle for ${o.purpose === 'APPEAL' ? 'appeal' : 'legal review'}, exported ${when(o.exportedAt)} by ${o.exportedBy}.`,
    10,
    '#57606a',
  );
  const redactions = o.redactSections.size + o.redactItems.size;
  para(
    redactions ? `${redactions} part(s) are redacted: each is marked where it was left out.` : 'Nothing is redacted.',
    10,
    '#57606a',
  );

  heading('Case summary');
  field('Case number', c.caseNumber);
  field('Regime', c.compliance === 'IN_POSH' ? 'India, POSH Act 2013' : 'Canada (federal), SOR/2020-130');
  field('Process', c.workflowName);
  field('Status', c.status);
  field('Received on', c.receivedOn);
  field('Filed as', c.filedAs);
  field('Filing', c.timeliness === 'ON_TIME' ? 'on time' : `late (${c.timeliness})`);
  if (c.lateFiling?.extension)
    field(
      'Filing limit extended (IN-03)',
      `on ${c.lateFiling.extension.on} by ${c.lateFiling.extension.byName}: ${c.lateFiling.extension.reasons}`,
    );
  if (c.filedFor)
    field(
      'Filed for her (IN-03)',
      `by ${c.filedFor.filerName} as ${c.filedFor.capacity.replaceAll('_', ' ').toLowerCase()}${c.filedFor.writtenConsent ? ', with her written consent' : ''}: ${c.filedFor.reason}`,
    );
  if (c.formerEmployee)
    field(
      'Former employee (CA-01)',
      `left on ${day(c.formerEmployee.leftOn)}${
        c.formerEmployee.lateFor
          ? `; notice past the 3 months, extended for ${c.formerEmployee.lateFor === 'TRAUMA' ? 'trauma' : 'ill health'}: ${c.formerEmployee.lateReason ?? ''}`
          : ''
      }`,
    );
  if (c.referral) field('Referral', 'Local Committee (IN-01)');
  if (c.committee) {
    field('Committee', c.committee.name);
    field(
      'Presiding',
      c.committee.presiding
        ? `${c.committee.presiding.name}${c.committee.presiding.substitute ? ' (in place of the presiding officer)' : ''}`
        : 'nobody may preside',
    );
    for (const m of c.committee.members)
      para(`• ${m.name} — ${m.role.replaceAll('_', ' ').toLowerCase()}${m.recused ? ' (recused)' : ''}`);
  }

  for (const id of SECTION_ORDER) {
    section(id, () => {
      switch (id) {
        case 'PARTIES':
          para('Complainant', 11);
          field('Name', c.complainant?.name);
          field('Email', c.complainant?.email);
          field('Gender', c.complainant?.gender);
          field('Phone', c.complainant?.phone);
          doc.moveDown(0.3);
          para('Respondent', 11);
          field('Name', c.respondent?.name);
          field('Email', c.respondent?.email);
          field('Gender', c.respondent?.gender);
          field('Phone', c.respondent?.phone);
          field('Description', c.respondent?.description);
          if (c.againstEmployer) para('The complaint is against the employer itself.');
          return;
        case 'INCIDENT':
          field('Date', c.incident?.date);
          para(c.incident?.details ?? '—');
          field('Witnesses', c.incident?.witnesses.join('; '));
          for (const [key, value] of Object.entries(c.answers)) field(`Answer ${key.slice(0, 8)}`, value);
          return;
        case 'CLOCKS':
          if (c.clocks.length === 0) para('No clocks.');
          for (const k of c.clocks)
            para(
              `${k.rule} ${k.label}: ${k.state.replaceAll('_', ' ').toLowerCase()}; due ${day(k.dueOn)}${k.metOn ? `, met ${day(k.metOn)}` : ''}`,
            );
          return;
        case 'MESSAGES':
          if (c.messages.length === 0) para('No messages.');
          for (const m of c.messages) {
            if (o.redactItems.has(m.messageId)) {
              redacted(`a message of ${when(m.createdAt)}`);
              continue;
            }
            para(`${when(m.createdAt)} — ${m.authorName} to ${m.audience.toLowerCase()}`, 9, '#57606a');
            para(m.body);
            doc.moveDown(0.3);
          }
          return;
        case 'MEETINGS':
          if (c.meetings.length === 0) para('No meetings.');
          for (const m of c.meetings) {
            if (o.redactItems.has(m.meetingId)) {
              redacted(`the meeting of ${when(m.startsAt)}`);
              continue;
            }
            para(`${m.title} — ${when(m.startsAt)} to ${when(m.endsAt)}`, 11);
            field('Where', m.location);
            field('Agenda', m.agenda);
            field('Guests', m.guests.join(', '));
            field('Minutes', m.minutes);
            field('Outcome', m.outcome);
            doc.moveDown(0.3);
          }
          return;
        case 'STEPS':
          for (const s of c.steps)
            para(
              `${s.position + 1}. ${s.name} (${s.kind.toLowerCase()}): ${s.completedAt ? `completed ${day(s.completedAt)}` : 'not completed'}`,
            );
          if (c.steps.length === 0) para('No steps.');
          return;
        case 'OUTCOME':
          field('Outcome', c.outcome ? c.outcome.replaceAll('_', ' ').toLowerCase() : 'not decided');
          field('Closed on', day(c.closedAt));
          para(c.outcomeSummary ?? '');
          return;
        case 'EVIDENCE':
          if (c.evidence.length === 0) para('No evidence files.');
          for (const f of c.evidence) {
            if (o.redactItems.has(f.fileId)) redacted('an evidence file');
            else {
              para(`• ${f.fileName} — ${f.contentType}, ${f.size} bytes`);
              // Chain of custody: the hash taken as the file was uploaded; a downloaded copy can be checked against it.
              para(`SHA-256 ${f.sha256 ?? 'not recorded'}`, 8, '#57606a');
            }
          }
          para(
            "Evidence files themselves are not in the bundle: each is downloaded separately, and each download is recorded. Each file's SHA-256 was taken by the server as it was uploaded: the SHA-256 of a downloaded copy must match it.",
            9,
            '#57606a',
          );
          return;
      }
    });
  }

  // The access log: every entry with its place in the chain and its hash, then how to check it.
  heading('Access log');
  para(
    "Every read, change and download of this case, in the order written. Each entry carries its place in the case's chain and its hash.",
    9,
    '#57606a',
  );
  if (o.logEntries.length === 0) para('No entries.');
  for (const e of o.logEntries) {
    if (doc.y > doc.page.height - 90) doc.addPage();
    para(
      `#${e.seq}  ${when(e.at)}  ${e.actorName} — ${e.action}${e.withheld ? ' (details withheld: they touch a redacted part)' : ''}`,
      9,
    );
    doc.font('Courier').fontSize(7).fillColor('#57606a').text(`sha256 ${e.hash}`, 50, undefined, { width });
  }
  if (o.listReads.length) {
    doc.moveDown(0.4);
    para(
      "Complaints listed (the workspace's chain of list reads, checked from the database: GET /case-api/api/complaints/{id}/audit/verify):",
      9,
      '#57606a',
    );
    for (const r of o.listReads) {
      if (doc.y > doc.page.height - 90) doc.addPage();
      para(`list read #${r.seq}  ${when(r.at)}  ${r.actorName} — complaint.list`, 9);
      doc.font('Courier').fontSize(7).fillColor('#57606a').text(`sha256 ${r.hash}`, 50, undefined, { width });
    }
  }

  heading('Verifying this log');
  para(`Head hash of the case's chain (${o.log.entries.length} entries):`, 10);
  doc
    .font('Courier')
    .fontSize(8)
    .fillColor('#1f2328')
    .text(o.log.head ?? 'none (no entries)', 50, undefined, { width });
  para(
    `Each entry's hash is sha256 of the hash before it (none for the first) followed by the entry's canonical line: the JSON array ["case-event", place, workspace, case, entry id, actor, action, address, time in UTC, sha256 of the details]. ` +
      `This file carries the log in that form as its attachment ${CASE_LOG_ATTACHMENT}. To check it, run "npm run verify-case-log -- <this file>" in the SafePlace source: it recomputes every hash and prints OK with the head, or names the first entry that does not match. ` +
      "The committee can also check the log as the database holds it now (the case page's access log tab).",
    9,
    '#57606a',
  );
  para(
    'What it proves: no entry of this file was changed, removed or reordered since it was written, up to the head above. What it does not prove: someone able to rewrite the database could rewrite the whole chain; keep this head hash (or send it to the presiding officer) and compare it with the head of a later export, whose chain must pass through it.',
    9,
    '#57606a',
  );
  // The machine-readable log, stored uncompressed so that its text is the file's own bytes (the checker reads it through
  // the PDF's embedded files; the text of the pages is only for people).
  const compressed = (doc as unknown as { compress: boolean }).compress;
  (doc as unknown as { compress: boolean }).compress = false;
  doc.file(Buffer.from(JSON.stringify(o.log, null, 1), 'utf8'), {
    name: CASE_LOG_ATTACHMENT,
    type: 'application/json',
    description: 'The case access log with its hash chain',
  });
  (doc as unknown as { compress: boolean }).compress = compressed;

  // Every page says what it is.
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i += 1) {
    doc.switchToPage(i);
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .font('body')
      .fontSize(8)
      .fillColor('#57606a')
      .text(`Case ${c.caseNumber} — confidential — page ${i + 1} of ${range.count}`, 50, doc.page.height - 30, {
        width,
        align: 'center',
        lineBreak: false,
      });
    doc.page.margins.bottom = bottom;
  }
  doc.end();
  return finished;
}
