import type { FeatureFlag } from '../../contracts/main/flags.contract';
import {
  CLOSING_FLAGS,
  FLAG_KEY_PATTERN,
  isBuiltInFlag,
  workspacesToConfirm,
} from '../../domain/platform/feature-flags';
import type { FlagAdminApi } from './platform-tools-api.port';
import { invalid, refusalOf, type Outcome, type Refusal } from '../shared/refusal';

export type FlagOutcome = { ok: true; flag: FeatureFlag } | Refusal;

export class CreateFeatureFlag {
  constructor(private readonly flags: FlagAdminApi) {}

  async execute(input: { key: string; value: string }): Promise<FlagOutcome> {
    const key = input.key.trim();
    const value = input.value.trim();
    if (!FLAG_KEY_PATTERN.test(key))
      return invalid('Use lower-case letters, digits, "-" or "_", starting with a letter', 'key');
    if (!value) return invalid('Give the flag a value', 'value');
    try {
      return { ok: true, flag: await this.flags.create(key, value) };
    } catch (error) {
      return refusalOf(error);
    }
  }
}

export class UpdateFeatureFlagValue {
  constructor(private readonly flags: FlagAdminApi) {}

  async execute(input: { key: string; value: string }): Promise<FlagOutcome> {
    const value = input.value.trim();
    if (!value) return invalid('Give the flag a value', 'value');
    try {
      return { ok: true, flag: await this.flags.updateValue(input.key, value) };
    } catch (error) {
      return refusalOf(error);
    }
  }
}

/** A closing flag (maintenance, elevateip) would be switched on for these workspaces: the admin is asked first. */
export interface FlagConfirmation {
  workspaces: string[];
  title: string;
  effect: string;
}

/** Saved (`flag`), or nothing sent yet because the change needs the admin's confirmation (`confirm`). */
export type SetFlagWorkspacesOutcome = Outcome<{ flag: FeatureFlag; confirm?: never } | { confirm: FlagConfirmation }>;

export class SetFeatureFlagWorkspaces {
  constructor(private readonly flags: FlagAdminApi) {}

  async execute(input: {
    flag: FeatureFlag;
    workspaceUrls: string[];
    confirmed?: boolean;
  }): Promise<SetFlagWorkspacesOutcome> {
    const previous = input.flag.enabledWorkspaces.map((w) => w.workspaceUrl);
    const added = workspacesToConfirm(input.flag.key, previous, input.workspaceUrls);
    const closing = CLOSING_FLAGS[input.flag.key];
    if (closing && added.length > 0 && !input.confirmed) {
      return { ok: true, confirm: { workspaces: added, title: closing.title, effect: closing.effect } };
    }
    try {
      return { ok: true, flag: await this.flags.setWorkspaces(input.flag.key, input.workspaceUrls) };
    } catch (error) {
      return refusalOf(error);
    }
  }
}

export type DeleteFlagOutcome = { ok: true; key: string } | Refusal;

/** Deletes a flag; the built-in ones (maintenance, elevateip) are refused before anything is sent. */
export class DeleteFeatureFlag {
  constructor(private readonly flags: FlagAdminApi) {}

  async execute(key: string): Promise<DeleteFlagOutcome> {
    if (isBuiltInFlag(key)) {
      const message = `"${key}" is built into the platform and cannot be deleted. Set its value to off or remove its workspaces instead.`;
      return { ok: false, reason: 'conflict', message, fields: { key: message } };
    }
    try {
      await this.flags.delete(key);
      return { ok: true, key };
    } catch (error) {
      return refusalOf(error);
    }
  }
}
