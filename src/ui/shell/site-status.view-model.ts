import { makeAutoObservable } from 'mobx';
import type { FeatureFlag } from '../../contracts/main/flags.contract';
import type { FlagPoll, FlagUpdates } from '../../application/shared/main-reads.port';
import { SiteInfo } from '../../application/shared/site';
import { flagOnFor } from '../../domain/platform/feature-flags';

/** Maintenance, elevated-IP mode and contract expiry of this workspace, from the flags polled every 20 s. */
export class SiteStatusViewModel {
  flags: FeatureFlag[] = [];
  /** The workspace's elevated-IP mode refuses this network. */
  refusedNetwork = false;
  /** The workspace's contract has ended: the pages show the expiry page until it is extended. */
  contractExpired = false;

  constructor(
    private readonly poller: FlagUpdates,
    private readonly site: SiteInfo,
  ) {
    makeAutoObservable(this, {}, { autoBind: true });
  }

  private get workspaceHost(): string | null {
    return this.site.isMainSite ? null : this.site.currentHost.replace(/:\d+$/, '');
  }

  get maintenance(): boolean {
    return flagOnFor(this.flags, 'maintenance', this.workspaceHost);
  }

  get elevatedIp(): boolean {
    return flagOnFor(this.flags, 'elevateip', this.workspaceHost);
  }

  /** Starts polling; returns the function that stops it. */
  watch(): () => void {
    if (this.site.isMainSite) return () => {};
    return this.poller.subscribe((poll) => this.update(poll));
  }

  update(poll: FlagPoll): void {
    this.flags = poll.flags;
    this.refusedNetwork = poll.refusedNetwork;
    this.contractExpired = poll.contractExpired ?? false;
  }
}
