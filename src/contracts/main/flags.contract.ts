import { z } from 'zod';
import { route } from '../route';
import { FLAG_KEY_PATTERN } from '../../domain/platform/feature-flags';

export const FeatureFlag = z.object({
  key: z.string(),
  value: z.string(),
  enabledWorkspaces: z.array(z.object({ workspaceUrl: z.string() })),
});
export type FeatureFlag = z.infer<typeof FeatureFlag>;

export const featureFlags = route({
  api: 'main',
  method: 'GET',
  path: '/api/feature-flags',
  summary:
    'Feature flags. The platform admin sees every flag with all its workspaces; anyone else sees each flag only as it applies to the calling site',
  response: z.array(FeatureFlag),
  access: 'public',
});

export const SetFlagWorkspacesBody = z.strictObject({
  key: z.string().min(1).max(64),
  enabledWorkspaces: z
    .array(z.strictObject({ workspaceUrl: z.string().trim().toLowerCase().min(1).max(253) }))
    .max(10_000),
});
export type SetFlagWorkspacesBody = z.infer<typeof SetFlagWorkspacesBody>;

export const setFlagWorkspaces = route({
  api: 'main',
  method: 'PUT',
  path: '/api/feature-flags/workspaces',
  summary: 'Set the workspaces a feature flag is on for (platform admin)',
  body: SetFlagWorkspacesBody,
  response: FeatureFlag,
  access: 'platform-admin',
});

const FlagKey = z
  .string()
  .trim()
  .regex(FLAG_KEY_PATTERN, 'Lower-case letters, digits, "-" or "_", starting with a letter (at most 64)');
const FlagValue = z.string().trim().min(1, 'Give the flag a value').max(200);

export const CreateFeatureFlagBody = z.strictObject({ key: FlagKey, value: FlagValue });
export type CreateFeatureFlagBody = z.infer<typeof CreateFeatureFlagBody>;

export const createFeatureFlag = route({
  api: 'main',
  method: 'POST',
  path: '/api/feature-flags',
  summary: 'Create a feature flag, on for no workspace yet (platform admin). 409 when the key exists',
  body: CreateFeatureFlagBody,
  response: FeatureFlag,
  access: 'platform-admin',
});

export const UpdateFeatureFlagBody = z.strictObject({ key: z.string().trim().min(1).max(64), value: FlagValue });
export type UpdateFeatureFlagBody = z.infer<typeof UpdateFeatureFlagBody>;

export const updateFeatureFlag = route({
  api: 'main',
  method: 'PUT',
  path: '/api/feature-flags',
  summary: "Change a feature flag's value (platform admin). The values off and false switch it off everywhere",
  body: UpdateFeatureFlagBody,
  response: FeatureFlag,
  access: 'platform-admin',
});

export const DeleteFeatureFlagParams = z.strictObject({ key: z.string().trim().min(1).max(64) });

export const deleteFeatureFlag = route({
  api: 'main',
  method: 'DELETE',
  path: '/api/feature-flags/{key}',
  summary:
    'Delete a feature flag and its workspace list (platform admin). 404 when there is no such flag; 409 for the built-in flags maintenance and elevateip',
  params: DeleteFeatureFlagParams,
  response: z.object({ key: z.string() }),
  access: 'platform-admin',
});
