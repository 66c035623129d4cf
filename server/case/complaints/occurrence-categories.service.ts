import type { OccurrenceCategories } from '../../../src/domain/compliance/occurrence-categories';
import type { Database } from '../../platform/db/database';
import type { Outcome } from '../../platform/refusal';
import type { Actor, ComplaintService } from './complaints.service';
import { categoriesOf, saveCategories } from './occurrence-categories.repository';

/** CA-10: the committee of a Canadian case records its categories for the annual report (docs/law.md). */
export class OccurrenceCategoriesService {
  constructor(
    private readonly db: Database,
    private readonly complaints: ComplaintService,
  ) {}

  /**
   * The committee (not recused) reads and may change; the principal party reads them. The responding party does not:
   * a ground recorded (sexual orientation, disability, ...) may say something of the principal party.
   */
  async read(
    actor: Actor,
    id: string,
  ): Promise<
    Outcome<{
      categories: OccurrenceCategories & { grounds: OccurrenceCategories['grounds'][number][] };
      mayChange: boolean;
    }>
  > {
    return this.db.tenant(actor.ws, async (tx) => {
      const access = await this.complaints.decideAccess(tx, actor, id);
      if (!access.ok) return access;
      const { role, row } = access.value;
      if (role === 'RESPONDENT' || row.compliance !== 'CA_FEDERAL')
        return { ok: false, refusal: 'not-found', code: 'NOT_FOUND', message: 'Complaint not found' };
      const categories = await categoriesOf(tx, actor.ws, id);
      await this.complaints.log(tx, actor, id, 'occurrence.categories.read', { as: role });
      return {
        ok: true,
        value: { categories: { ...categories, grounds: [...categories.grounds] }, mayChange: role === 'COMMITTEE' },
      };
    });
  }

  async record(
    actor: Actor,
    id: string,
    categories: OccurrenceCategories,
  ): Promise<Outcome<OccurrenceCategories & { grounds: OccurrenceCategories['grounds'][number][] }>> {
    return this.db.tenant(actor.ws, async (tx) => {
      const access = await this.complaints.decideAccess(tx, actor, id, { committeeOnly: true, lock: true });
      if (!access.ok) return access;
      if (access.value.row.compliance !== 'CA_FEDERAL')
        return {
          ok: false,
          refusal: 'conflict',
          code: 'NOT_CANADA',
          message: 'These categories are the Canadian annual report’s: this case follows another regime',
        };
      await saveCategories(tx, actor.ws, id, categories);
      await this.complaints.log(tx, actor, id, 'occurrence.categories', { ...categories });
      return { ok: true, value: { ...categories, grounds: [...categories.grounds] } };
    });
  }
}
