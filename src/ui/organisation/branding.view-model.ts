import { inject, injectable } from 'inversify';
import { RemoveLogo } from '../../application/organisation/remove-logo.use-case';
import { makeAutoObservable, runInAction } from 'mobx';
import type { Branch, CompanyProfile } from '../../contracts/main/workspace.contract';
import { SetBusinessUnitColour } from '../../application/organisation/business-unit.use-cases';
import { WorkspaceAdminApi } from '../../application/organisation/organisation-admin-api.port';
import { SetWorkspaceColour, UploadLogo } from '../../application/organisation/workspace-admin.use-cases';
import { describeError } from '../../application/shared/api-error';
import { OrganisationApi } from '../../application/shared/main-reads.port';
import { SiteInfo } from '../../application/shared/site';
import { normaliseHex } from '../../domain/organisation/branding';
import type { LoadStatus, Notice } from './notice';

/** The branding screen: workspace colour with a live preview, the logo, and each unit's colour. */
@injectable()
export class BrandingViewModel {
  status: LoadStatus = 'loading';
  error: string | null = null;
  profile: CompanyProfile | null = null;
  /** The colour being tried (the preview follows it before it is saved). */
  draftColour = '#1f6feb';
  colourError: string | null = null;
  logoError: string | null = null;
  busy: 'colour' | 'logo' | null = null;
  notice: Notice = null;
  units: Branch[] = [];

  constructor(
    @inject(OrganisationApi) private readonly organisation: OrganisationApi,
    @inject(SiteInfo) private readonly site: SiteInfo,
    @inject(SetWorkspaceColour) private readonly setWorkspaceColour: SetWorkspaceColour,
    @inject(UploadLogo) private readonly uploadLogo: UploadLogo,
    @inject(RemoveLogo) private readonly logoRemoval: RemoveLogo,
    @inject(SetBusinessUnitColour) private readonly setUnitColour: SetBusinessUnitColour,
  ) {
    makeAutoObservable(this, {}, { autoBind: true });
  }

  /** The preview's colour: the draft when it is a colour, else the saved one. */
  get previewColour(): string {
    const hex = normaliseHex(this.draftColour);
    return hex ? `#${hex}` : (this.profile?.backgroundColor ?? '#1f6feb');
  }

  get dirty(): boolean {
    return normaliseHex(this.draftColour) !== normaliseHex(this.profile?.backgroundColor ?? '');
  }

  async load(): Promise<void> {
    this.status = 'loading';
    this.error = null;
    try {
      const host = this.site.currentHost;
      const [profile, units] = await Promise.all([
        this.organisation.companyProfile(host),
        this.organisation.businessUnits(),
      ]);
      runInAction(() => {
        this.profile = profile;
        this.units = units;
        this.draftColour = profile?.backgroundColor ?? '#1f6feb';
        this.status = profile ? 'ready' : 'error';
        if (!profile) this.error = 'This workspace could not be found.';
      });
    } catch (error) {
      runInAction(() => {
        this.status = 'error';
        this.error = describeError(error);
      });
    }
  }

  tryColour(colour: string): void {
    this.draftColour = colour;
    this.colourError = null;
  }

  async saveColour(): Promise<void> {
    this.busy = 'colour';
    this.colourError = null;
    this.notice = null;
    try {
      const outcome = await this.setWorkspaceColour.execute(this.draftColour);
      runInAction(() => {
        if (outcome.ok) {
          if (this.profile) this.profile = { ...this.profile, backgroundColor: outcome.backgroundColor };
          this.draftColour = outcome.backgroundColor;
          this.notice = { type: 'success', message: 'Workspace colour saved. It shows after the next page load.' };
        } else {
          this.colourError = outcome.message;
        }
      });
    } catch (error) {
      runInAction(() => (this.colourError = describeError(error)));
    } finally {
      runInAction(() => (this.busy = null));
    }
  }

  async chooseLogo(file: File): Promise<void> {
    this.busy = 'logo';
    this.logoError = null;
    this.notice = null;
    try {
      const outcome = await this.uploadLogo.execute({ blob: file, name: file.name });
      runInAction(() => {
        if (outcome.ok) {
          if (this.profile) this.profile = { ...this.profile, companyLogo: outcome.companyLogo };
          this.notice = { type: 'success', message: 'Logo uploaded. The sign-in page shows it now.' };
        } else {
          this.logoError = outcome.message;
        }
      });
    } catch (error) {
      runInAction(() => (this.logoError = describeError(error)));
    } finally {
      runInAction(() => (this.busy = null));
    }
  }

  async removeLogo(): Promise<void> {
    this.busy = 'logo';
    this.logoError = null;
    try {
      const outcome = await this.logoRemoval.execute();
      runInAction(() => {
        if (!outcome.ok) {
          this.logoError = outcome.message;
          return;
        }
        if (this.profile) this.profile = { ...this.profile, companyLogo: null };
        this.notice = { type: 'success', message: 'Logo removed.' };
      });
    } catch (error) {
      runInAction(() => (this.logoError = describeError(error)));
    } finally {
      runInAction(() => (this.busy = null));
    }
  }

  async saveUnitColour(unit: Branch, colour: string): Promise<void> {
    this.notice = null;
    try {
      const outcome = await this.setUnitColour.execute({ branchId: unit.branchId, colour });
      runInAction(() => {
        if (outcome.ok) {
          this.units = this.units.map((u) =>
            u.branchId === unit.branchId ? { ...u, backgroundColor: outcome.unit.backgroundColor } : u,
          );
          this.notice = { type: 'success', message: `Colour of "${unit.branchName}" saved.` };
        } else {
          this.notice = { type: 'error', message: outcome.message };
        }
      });
    } catch (error) {
      runInAction(() => (this.notice = { type: 'error', message: describeError(error) }));
    }
  }
}
