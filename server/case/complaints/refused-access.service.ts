import type { Database } from '../../platform/db/database';
import { caseAudit, findComplaint } from './complaints.repository';
import type { ComplaintService } from './complaints.service';
import { refusedAddressKey } from './intake-address';
import { lockRefusalKey, refusedWithin, type RefusalKey } from './refused-access.repository';
import { systemClock } from '../../platform/clock';

/** One entry per (case, who, route) within this many seconds: a flood of refusals cannot grow a case's log unbounded. */
export const REFUSAL_LOG_WINDOW_SECONDS = 60;

/** The paths that name a case: `/api/complaints/{id}` and everything under it. */
export const CASE_PATH = /^\/api\/complaints\/\{id\}(\/|$)/;

/** The case read's refusals keep their own name in the log ("Case read refused"). */
const CASE_READ = '/api/complaints/{id}';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A request on a case's path that was answered with a refusal (401, 403 or 404). */
export interface RefusedRequest {
  ws: string;
  complaintId: string;
  /** The contract's path (`/api/complaints/{id}/deadlines`), not the URL: one key per route whatever the ids. */
  route: string;
  method: string;
  /** The answer's HTTP status, as sent. */
  answered: number;
  /** The signed-in member of this workspace, if any. */
  userId: string | null;
  /** Who, as the log keys it: the member's id, or `no session` (or the kind of session that is not a member's). */
  who: string;
  ip: string | null;
}

/**
 * Attempts stopped before or by the case code (docs/case.md "Attempts refused at the door"): every refused request on
 * a route that names a case of this workspace writes one entry in that case's access log, after the refusal and
 * without changing it. A 404 from a caller who may read the case is about something under it (a meeting, a step),
 * not the case, and writes nothing; an id of another workspace or of no case writes nothing either.
 */
export class RefusedAccessLog {
  constructor(
    private readonly db: Database,
    private readonly complaints: ComplaintService,
    /** The server's address secret (`INTAKE_ADDRESS_KEY`): keys the address of a caller without a member's session. */
    private readonly addressSecret: Uint8Array,
    private readonly now: () => Date = () => systemClock.now(),
  ) {}

  static names(route: string, complaintId: unknown): complaintId is string {
    return CASE_PATH.test(route) && typeof complaintId === 'string' && UUID.test(complaintId);
  }

  /** Writes the entry unless the case is not this workspace's or the window already holds one; true when written. */
  async record(r: RefusedRequest): Promise<boolean> {
    return this.db.tenant(r.ws, async (tx) => {
      if (!(await findComplaint(tx, r.ws, r.complaintId))) return false;
      if (r.answered === 404 && r.userId) {
        const actor = { ws: r.ws, userId: r.userId, email: '', name: '', ip: r.ip, workspaceName: '' };
        if ((await this.complaints.decideAccess(tx, actor, r.complaintId)).ok) return false;
      }
      const caseRead = r.route === CASE_READ && r.method === 'GET';
      const key: RefusalKey = {
        ws: r.ws,
        complaintId: r.complaintId,
        action: caseRead ? 'complaint.read.refused' : 'complaint.access.refused',
        who: r.who,
        method: r.method,
        route: r.route,
      };
      await lockRefusalKey(tx, key);
      if (await refusedWithin(tx, key, REFUSAL_LOG_WINDOW_SECONDS)) return false;
      // A member's address is kept as on every entry of theirs; a caller without a member's session may be a reporter
      // (whose address is never stored, "No address, no account"): only a keyed hash of the day links their attempts.
      const address =
        !r.userId && r.ip ? { addressKey: refusedAddressKey(this.addressSecret, r.ws, r.ip, this.now()) } : {};
      await caseAudit(tx, {
        ws: r.ws,
        complaintId: r.complaintId,
        actorUserId: r.userId,
        action: key.action,
        ip: r.userId ? r.ip : null,
        details: { route: r.route, method: r.method, answered: r.answered, who: r.who, ...address },
      });
      return true;
    });
  }
}
