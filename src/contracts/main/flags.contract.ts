import { z } from 'zod';
import { route } from '../route';

export const FeatureFlag = z.object({
  key: z.string(),
  value: z.string(),
  enabledWorkspaces: z.array(z.object({ workspaceUrl: z.string() })),
});
export type FeatureFlag = z.infer<typeof FeatureFlag>;

export const KNOWN_FLAGS = ['maintenance', 'elevateip'] as const;

export const featureFlags = route({
  api: 'main',
  method: 'GET',
  path: '/api/feature-flags',
  summary:
    'Feature flags. The platform admin sees every flag with all its workspaces; anyone else sees each flag only as it applies to the calling site',
  response: z.array(FeatureFlag),
  access: 'public',
});
