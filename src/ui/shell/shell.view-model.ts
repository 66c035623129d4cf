import { inject, injectable, optional } from 'inversify';
import { makeAutoObservable, runInAction } from 'mobx';
import type { Branch } from '../../contracts/main/workspace.contract';
import { OrganisationApi } from '../../application/shared/main-reads.port';
import { describeError } from '../../application/shared/api-error';
import { navigationAreaOf, navigationFor } from '../../domain/auth/navigation';
import { NavigationApi } from '../../application/auth/navigation-api.port';
import { SiteInfo } from '../../application/shared/site';
import type { Role } from '../../domain/auth/roles';
import type { WorkspaceModules } from '../../domain/platform/workspace-modules';
import { contractState, isoDay } from '../../domain/platform/contract-expiry';
import {
  ALL_BUSINESS_UNITS,
  ALL_BUSINESS_UNITS_LABEL,
  defaultBusinessUnit,
  selectableBusinessUnits,
  type BusinessUnitChoice,
} from '../../domain/organisation/business-unit-selection';
import { seesAllBusinessUnits } from '../../domain/auth/roles';
import { tr } from '../i18n/i18n';

/**
 * The menu's entries every member has, in the reader's language (docs/i18n.md); the admins' areas keep the server's
 * English words, like their screens.
 */
const MEMBER_ENTRIES: Partial<Record<string, string>> = {
  dashboard: 'dashboard',
  'my-training': 'myTraining',
  'my-policies': 'myPolicies',
  concern: 'concern',
  complaints: 'complaints',
  notice: 'notice',
  manual: 'manual',
};

/** A menu entry in the reader's language where it is one of every member's. */
export function inReaderLanguage(entry: MenuEntry): MenuEntry {
  const key = MEMBER_ENTRIES[entry.key];
  return key ? { ...entry, label: tr(`menu.${key}`), description: tr(`menu.${key}About`) } : entry;
}

/** One entry of the menu (and of the dashboard's links). */
export interface MenuEntry {
  key: string;
  label: string;
  path: string;
  description: string;
}

/**
 * The signed-in frame: the menu and the business-unit selector. The menu is the server's (navigation v3:
 * role, the workspace's permissions and module switches), fetched on workspace hosts only; until it arrives,
 * or if it cannot be fetched, the role's default menu stands in (the server refuses whatever is switched off).
 */
@injectable()
export class ShellViewModel {
  units: Branch[] = [];
  selectedUnit: BusinessUnitChoice | null = null;
  unitsError: string | null = null;
  private role: Role = 'EMPLOYEE';
  private ownUnits: string[] = [];
  private modules: Partial<WorkspaceModules> | undefined = undefined;
  private contractExpiresOn: string | null = null;
  /** Today (YYYY-MM-DD, UTC), for the contract warning; set on load. */
  today = isoDay(new Date());

  /** The server's menu; null until fetched (or when it could not be). */
  serverMenu: MenuEntry[] | null = null;
  menuError: string | null = null;
  /** The menu is final: the server's arrived, or could not be fetched, or there is no server menu to wait for. */
  menuSettled = false;

  constructor(
    @inject(OrganisationApi) private readonly organisation: OrganisationApi,
    @inject(NavigationApi) @optional() private readonly navigationApi?: NavigationApi,
    @inject(SiteInfo) @optional() private readonly site?: SiteInfo,
  ) {
    makeAutoObservable(this, {}, { autoBind: true });
  }

  get navigation(): MenuEntry[] {
    return (this.serverMenu ?? navigationFor(this.role, this.modules)).map(inReaderLanguage);
  }

  /** Fetches the caller's menu from the server; never on the main site, which has no workspace menu. */
  async loadMenu(): Promise<void> {
    if (!this.navigationApi || this.site?.isMainSite) {
      this.menuSettled = true;
      return;
    }
    try {
      const { navigations } = await this.navigationApi.navigation();
      runInAction(() => {
        this.serverMenu = navigations.map(({ key, label, path, description }) => ({ key, label, path, description }));
        this.menuError = null;
      });
    } catch (error) {
      runInAction(() => (this.menuError = describeError(error)));
    } finally {
      runInAction(() => (this.menuSettled = true));
    }
  }

  /**
   * Whether the person may open a page, by the menu area it belongs to: `open` when the area is in their menu (or
   * the page belongs to none), `denied` when the settled menu lacks it, `waiting` while the menu may still grant it
   * (the server's menu carries the workspace's permissions; the role's default stands in until then).
   */
  accessTo(pathname: string): 'open' | 'waiting' | 'denied' {
    const area = navigationAreaOf(pathname);
    if (!area || this.navigation.some((item) => item.key === area.key)) return 'open';
    return this.menuSettled ? 'denied' : 'waiting';
  }

  /** Workspace admins are warned in the 30 days before the contract's last day. */
  get contractWarning(): string | null {
    if (this.role !== 'WORKSPACE_ADMIN') return null;
    const state = contractState(this.contractExpiresOn, this.today);
    if (state.kind !== 'expiring') return null;
    const when = state.daysLeft === 0 ? 'today' : state.daysLeft === 1 ? 'tomorrow' : `in ${state.daysLeft} days`;
    return `Your SafePlace contract ends ${when} (last day ${this.contractExpiresOn}). After that this workspace closes until it is renewed; nothing is deleted.`;
  }

  /** Plain options for antd's Select. */
  get unitOptions(): { value: string; label: string }[] {
    const units = selectableBusinessUnits(this.role, this.units, this.ownUnits).map((u) => ({
      value: u.branchId,
      label: u.headquarter ? `${u.branchName} (headquarters)` : u.branchName,
    }));
    return seesAllBusinessUnits(this.role)
      ? [{ value: ALL_BUSINESS_UNITS, label: ALL_BUSINESS_UNITS_LABEL }, ...units]
      : units;
  }

  /**
   * The header's business unit: a picker only when there is a choice; a single unit is shown as its name, and
   * nothing while the units of someone who has no choice are still loading.
   */
  get unitHeader(): { kind: 'picker' } | { kind: 'name'; name: string } | { kind: 'none' } {
    const loading = this.units.length === 0 && !this.unitsError;
    // Until the units arrive, "All Business Units" alone is not a single choice: the picker shows it loading.
    if (loading) return seesAllBusinessUnits(this.role) ? { kind: 'picker' } : { kind: 'none' };
    const options = this.unitOptions;
    if (options.length > 1) return { kind: 'picker' };
    if (options.length === 1) return { kind: 'name', name: options[0]!.label };
    return { kind: 'none' };
  }

  async load(
    role: Role,
    ownUnits: string[],
    workspace: { modules?: Partial<WorkspaceModules>; contractExpiresOn?: string | null } = {},
  ): Promise<void> {
    this.role = role;
    this.modules = workspace.modules;
    this.contractExpiresOn = workspace.contractExpiresOn ?? null;
    this.today = isoDay(new Date());
    this.ownUnits = ownUnits;
    this.selectedUnit = defaultBusinessUnit(role, ownUnits);
    void this.loadMenu();
    try {
      const units = await this.organisation.businessUnits();
      runInAction(() => {
        this.units = units;
        this.unitsError = null;
      });
    } catch (error) {
      runInAction(() => (this.unitsError = describeError(error)));
    }
  }

  selectUnit(unit: BusinessUnitChoice): void {
    this.selectedUnit = unit;
  }
}
