import {
  CASE_LOG_ATTACHMENT,
  CASE_LOG_FORMAT,
  CHAIN_PROBLEM_TEXT,
  verifyChain,
  type CaseLogFile,
  type ChainEntry,
} from '../../../src/domain/complaints/audit-chain';
import { sha256Hex } from './case-log.service';

/**
 * The case file's machine-readable log (docs/case.md "The access log's hash chain"): the JSON the export embeds in
 * its PDF as `case-log.json`, read through the PDF's embedded files (pdf.js), or a JSON file of the same form.
 */
export async function readCaseLogFile(bytes: Uint8Array): Promise<CaseLogFile> {
  const isPdf = Buffer.from(bytes.subarray(0, 5)).toString('latin1') === '%PDF-';
  const text = isPdf ? await pdfAttachment(bytes, CASE_LOG_ATTACHMENT) : Buffer.from(bytes).toString('utf8');
  const file = JSON.parse(text) as CaseLogFile;
  if (file?.format !== CASE_LOG_FORMAT || !Array.isArray(file.entries))
    throw new Error(`not a case log (${CASE_LOG_FORMAT})`);
  return file;
}

async function pdfAttachment(bytes: Uint8Array, name: string): Promise<string> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await getDocument({ data: new Uint8Array(bytes), verbosity: 0, isEvalSupported: false }).promise;
  try {
    const attachments = (await doc.getAttachments()) as Record<
      string,
      { filename: string; content: Uint8Array }
    > | null;
    const found = attachments ? Object.values(attachments).find((a) => a.filename === name) : undefined;
    if (!found) throw new Error(`the PDF carries no ${name}: not a case file exported with its log`);
    return new TextDecoder('utf-8', { fatal: true }).decode(found.content);
  } finally {
    await doc.destroy();
  }
}

export interface CaseLogCheck {
  ok: boolean;
  /** What the command prints. */
  message: string;
}

/** Recomputes the file's chain: OK with the head hash, or the first entry that does not match. */
export function checkCaseLog(file: CaseLogFile): CaseLogCheck {
  const entries: ChainEntry[] = file.entries.map((e) => ({
    seq: e.seq,
    line: e.line,
    prevHash: e.prevHash ?? null,
    hash: e.hash,
    details: e.details ?? null,
    ...(e.redacted === true ? { redacted: true } : {}),
  }));
  const verdict = verifyChain(entries, sha256Hex, { head: file.head ?? null, complaintId: file.complaintId });
  if (verdict.ok)
    return {
      ok: true,
      message: `OK: case ${file.caseNumber}, ${verdict.entries} entries, head ${verdict.head ?? '(none)'}`,
    };
  const b = verdict.brokenAt;
  return {
    ok: false,
    message: `NOT OK: case ${file.caseNumber}: entry ${b.seq}${b.action ? ` (${b.action}${b.at ? ` at ${b.at}` : ''})` : ''} ${CHAIN_PROBLEM_TEXT[b.problem]}`,
  };
}
