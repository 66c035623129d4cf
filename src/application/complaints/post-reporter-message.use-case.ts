import type { CaseMessage } from '../../contracts/case/complaints.contract';
import { ApiError } from '../shared/api-error';
import { invalid, refusalFrom, type Outcome } from '../shared/refusal';
import type { IntakeApi } from './intake-api.port';
import { EMPTY_MESSAGE } from './post-case-message.use-case';

/**
 * The reporter of a confidential report writes to the committee through their receipt session (the public /report
 * page). An expired or unknown session, and any other refusal of the server, is answered as a Refusal.
 */
export class PostReporterMessage {
  constructor(private readonly api: IntakeApi) {}

  async execute(session: string, body: string): Promise<Outcome<{ message: CaseMessage }>> {
    const text = body.trim();
    if (!text) return invalid(EMPTY_MESSAGE, 'body');
    try {
      return { ok: true, message: await this.api.message(session, text) };
    } catch (error) {
      if (ApiError.isRefusal(error)) return refusalFrom(error);
      throw error;
    }
  }
}
