import { inject, injectable } from 'inversify';
import { makeAutoObservable, runInAction } from 'mobx';
import type { PermissionMatrix } from '../../contracts/main/permissions.contract';
import { PermissionsApi, SavePermissions } from '../../application/organisation/permissions.use-cases';
import { describeError } from '../../application/shared/api-error';
import { EditableRole, type PermissionKey } from '../../domain/auth/permissions';
import type { Role } from '../../domain/auth/roles';

type Notice = { type: 'success' | 'error'; message: string } | null;

/** The permissions screen: a role x permission matrix of switches, edited locally and saved per changed role. */
@injectable()
export class PermissionsViewModel {
  status: 'loading' | 'ready' | 'error' = 'loading';
  error: string | null = null;
  matrix: PermissionMatrix | null = null;
  /** The switches as edited: role -> granted keys. */
  draft: Partial<Record<Role, PermissionKey[]>> = {};
  saving = false;
  notice: Notice = null;

  constructor(
    @inject(PermissionsApi) private readonly api: PermissionsApi,
    @inject(SavePermissions) private readonly savePermissions: SavePermissions,
  ) {
    makeAutoObservable(this, {}, { autoBind: true });
  }

  get permissions() {
    return this.matrix?.permissions ?? [];
  }

  get roles() {
    return this.matrix?.roles ?? [];
  }

  async load(): Promise<void> {
    this.status = 'loading';
    this.error = null;
    try {
      const matrix = await this.api.all();
      runInAction(() => this.show(matrix));
    } catch (error) {
      runInAction(() => {
        this.status = 'error';
        this.error = describeError(error);
      });
    }
  }

  private show(matrix: PermissionMatrix): void {
    this.matrix = matrix;
    this.draft = Object.fromEntries(matrix.roles.map((r) => [r.role, [...r.granted]]));
    this.status = 'ready';
  }

  isOn(role: Role, key: PermissionKey): boolean {
    return this.draft[role]?.includes(key) ?? false;
  }

  /** A switch the admin may flip: the role is editable and may hold the permission at all. */
  canChange(role: Role, key: PermissionKey): boolean {
    const entry = this.roles.find((r) => r.role === role);
    const permission = this.permissions.find((p) => p.key === key);
    return !!entry?.editable && !!permission?.roles.includes(role);
  }

  /** Whether the role can hold the permission at all (else the cell shows a dash). */
  applies(role: Role, key: PermissionKey): boolean {
    return this.permissions.find((p) => p.key === key)?.roles.includes(role) ?? false;
  }

  set(role: Role, key: PermissionKey, on: boolean): void {
    if (!this.canChange(role, key)) return;
    const current = this.draft[role] ?? [];
    this.draft[role] = on ? (current.includes(key) ? current : [...current, key]) : current.filter((k) => k !== key);
    this.notice = null;
  }

  /** Per editable role, the switches that differ from what is saved. */
  get changes(): { role: EditableRole; permissions: Partial<Record<PermissionKey, boolean>> }[] {
    const out: { role: EditableRole; permissions: Partial<Record<PermissionKey, boolean>> }[] = [];
    for (const entry of this.roles) {
      const role = EditableRole.safeParse(entry.role);
      if (!role.success) continue;
      const permissions: Partial<Record<PermissionKey, boolean>> = {};
      for (const p of this.permissions) {
        if (!p.roles.includes(entry.role)) continue;
        const was = entry.granted.includes(p.key);
        const now = this.isOn(entry.role, p.key);
        if (was !== now) permissions[p.key] = now;
      }
      if (Object.keys(permissions).length > 0) out.push({ role: role.data, permissions });
    }
    return out;
  }

  get dirty(): boolean {
    return this.changes.length > 0;
  }

  discard(): void {
    if (this.matrix) this.show(this.matrix);
    this.notice = null;
  }

  async save(): Promise<void> {
    if (!this.dirty || this.saving) return;
    this.saving = true;
    this.notice = null;
    try {
      const outcome = await this.savePermissions.execute(this.changes);
      if (outcome.ok) {
        // Read back what is stored, whatever part of the changes reached the server.
        const matrix = outcome.matrix ?? (await this.api.all());
        runInAction(() => {
          this.show(matrix);
          this.notice = {
            type: 'success',
            message: 'Permissions saved. People see the change the next time their menu loads.',
          };
        });
      } else {
        runInAction(() => (this.notice = { type: 'error', message: outcome.message }));
      }
    } catch (error) {
      runInAction(() => (this.notice = { type: 'error', message: describeError(error) }));
    } finally {
      runInAction(() => (this.saving = false));
    }
  }
}
