import { ContainerModule } from 'inversify';
import { SignInViewModel } from '../auth/sign-in.view-model';
import { SessionViewModel } from '../shell/session.view-model';
import { ShellViewModel } from '../shell/shell.view-model';
import { SiteStatusViewModel } from '../shell/site-status.view-model';
import { coursesViewModels } from '../courses/courses.view-models';
import { importsViewModels } from '../imports/imports.view-models';
import { workflowsViewModels } from '../workflows/workflows.view-models';

const shellViewModels = new ContainerModule(({ bind }) => {
  bind(SessionViewModel).toSelf().inSingletonScope();
  bind(ShellViewModel).toSelf();
  bind(SiteStatusViewModel).toSelf();
  bind(SignInViewModel).toSelf();
});

/** Every view-model binding, by area; loaded into the container by the app's entry. */
export const viewModelModules = [shellViewModels, importsViewModels, coursesViewModels, workflowsViewModels];
