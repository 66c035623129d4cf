import 'reflect-metadata/lite';
import type { Container, ContainerModule } from 'inversify';
import type { SiteInfo } from '../../application/shared/site';
import { createContainer } from '../../infrastructure/container';
import { loadStartInput } from './start-input';

export { showStartError } from './start-input';

/** The app's start: runtime config, site, the Inversify container, and the shell's view-models. */
export async function bootstrap(viewModels: ContainerModule): Promise<{ container: Container; site: SiteInfo }> {
  const input = await loadStartInput();
  const container = createContainer(input);
  container.load(viewModels);
  return { container, site: input.site };
}
