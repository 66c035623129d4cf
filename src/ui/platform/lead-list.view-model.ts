import { inject, injectable } from 'inversify';
import { makeAutoObservable } from 'mobx';
import type { LeadItem } from '../../contracts/main/leads.contract';
import { LeadsApi } from '../../application/leads/leads-api.port';
import { LEAD_COUNTRIES, LEAD_SIZES } from '../../domain/leads/lead';
import { PagedList } from '../shared/paged-list';

const labelOf = (list: readonly { value: string; label: string }[], value: string) =>
  list.find((x) => x.value === value)?.label ?? value;

/** The public site's demo requests, newest first, paged and searched on the server (platform admin). */
@injectable()
export class LeadListViewModel {
  search = '';
  readonly list = new PagedList<LeadItem>((page, pageSize) =>
    this.leads.leads({ page, pageSize, search: this.search || undefined }),
  );

  constructor(@inject(LeadsApi) private readonly leads: LeadsApi) {
    makeAutoObservable(this, { list: false }, { autoBind: true });
  }

  /** Plain rows for the table. */
  get tableRows() {
    return this.list.items.map((lead) => ({
      key: lead.leadId,
      received: new Date(lead.createdAt).toLocaleString(),
      name: lead.name,
      workEmail: lead.workEmail,
      organisation: lead.organisation,
      country: labelOf(LEAD_COUNTRIES, lead.country),
      size: `${labelOf(LEAD_SIZES, lead.size)} employees`,
      message: lead.message ?? '',
      source: lead.source,
      confirmed: lead.confirmedAt ? 'Confirmed' : 'Not yet',
    }));
  }

  load(page?: number, pageSize?: number): Promise<void> {
    return this.list.load(page, pageSize);
  }

  async searchFor(text: string): Promise<void> {
    this.search = text.trim();
    await this.load(1);
  }
}
