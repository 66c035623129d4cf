import { ContainerModule } from 'inversify';
import { bindWiring } from '../../infrastructure/container';
import { authViewModelWiring } from '../auth/auth.wiring';
import { ProfilePictureViewModel } from '../shell/profile-picture.view-model';
import { ShellViewModel } from '../shell/shell.view-model';
import { SecurityLogViewModel } from '../security/security-log.view-model';
import { ProfileViewModel } from '../shell/profile.view-model';
import { ChangePasswordViewModel } from '../shell/change-password.view-model';
import { LanguageViewModel } from '../shell/language.view-model';

/** View-models every page may need (the sign-in pages' from their factory list); each area's own are bound with the area (./areas.ts). */
export const shellViewModels = new ContainerModule(({ bind }) => {
  bindWiring(bind, authViewModelWiring);
  bind(ShellViewModel).toSelf();
  bind(ProfilePictureViewModel).toSelf();
  bind(SecurityLogViewModel).toSelf();
  bind(ProfileViewModel).toSelf();
  bind(ChangePasswordViewModel).toSelf();
  bind(LanguageViewModel).toSelf();
});
