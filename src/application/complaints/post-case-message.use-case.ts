import type { CaseMessage } from '../../contracts/case/complaints.contract';
import { ApiError } from '../shared/api-error';
import { invalid, refusalFrom, type Outcome } from '../shared/refusal';
import type { ComplaintsApi } from './complaints-api.port';

/** The words of the contract's own refusal of an empty message, said before the server is asked. */
export const EMPTY_MESSAGE = 'Enter a message';

/**
 * A committee member (or the employer's person on the case) posts a message on the case to an audience: the
 * committee, the complainant, the respondent. The server decides who may write to whom; its refusal is answered as
 * a Refusal, in its words.
 */
export class PostCaseMessage {
  constructor(private readonly api: ComplaintsApi) {}

  async execute(
    complaintId: string,
    audience: CaseMessage['audience'],
    body: string,
  ): Promise<Outcome<{ message: CaseMessage }>> {
    const text = body.trim();
    if (!text) return invalid(EMPTY_MESSAGE, 'body');
    try {
      return { ok: true, message: await this.api.message(complaintId, audience, text) };
    } catch (error) {
      if (ApiError.isRefusal(error)) return refusalFrom(error);
      throw error;
    }
  }
}
