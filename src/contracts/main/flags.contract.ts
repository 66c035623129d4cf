import { z } from 'zod';
import { route } from '../route';

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
  enabledWorkspaces: z.array(z.strictObject({ workspaceUrl: z.string().trim().toLowerCase().min(1).max(253) })).max(10_000),
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
