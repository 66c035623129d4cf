import { createHash } from 'node:crypto';
import type { AuditVerdict } from '../../../src/contracts/case/complaints.contract';
import { verifyChain, type Sha256Hex } from '../../../src/domain/complaints/audit-chain';
import type { Database } from '../../platform/db/database';
import { caseLogChain, verifyListReadChain } from './case-log.repository';
import type { Actor, ComplaintService } from './complaints.service';

export const sha256Hex: Sha256Hex = (bytes) => createHash('sha256').update(bytes).digest('hex');

/**
 * The access log's hash chain, checked from the database (docs/case.md "The access log's hash chain"): the committee
 * of the case asks whether its log still holds. The call is itself logged (`complaint.audit.verify`) before the
 * check, so the head answered is the log's head after this very call.
 */
export class CaseLogService {
  constructor(
    private readonly db: Database,
    private readonly complaints: ComplaintService,
  ) {}

  async verify(actor: Actor, id: string): Promise<AuditVerdict> {
    return this.db.tenant(actor.ws, async (tx) => {
      await this.complaints.access(tx, actor, id, { committeeOnly: true });
      await this.complaints.log(tx, actor, id, 'complaint.audit.verify');
      const entries = await caseLogChain(tx, actor.ws, id);
      const verdict = verifyChain(entries, sha256Hex, { complaintId: id });
      const reads = await verifyListReadChain(tx, actor.ws);
      return {
        ok: verdict.ok && reads.brokenAt === null,
        head: verdict.head,
        entries: verdict.entries,
        brokenAt: verdict.ok ? null : verdict.brokenAt,
        listReads: { ok: reads.brokenAt === null, head: reads.head, entries: reads.entries, brokenAt: reads.brokenAt },
      };
    });
  }
}
