import { AuthApi } from '../application/auth/auth-api.port';
import { RefreshCurrentUser } from '../application/auth/refresh-current-user.use-case';
import { SignOut } from '../application/auth/sign-out.use-case';
import { SessionStore } from '../application/shared/session-store.port';
import { MainHttp } from './http/api-client';
import { HttpAuthApi } from './http/main/http-auth-api';
import { factory, single, type Wiring } from './wiring';

/**
 * The session's adapter and use cases (refresh the signed-in person, sign out): part of `authWiring`, and all of it
 * the course player's light entry binds, so the player downloads none of the sign-in pages' own use cases and adapters.
 */
export const sessionWiring: Wiring = [
  single(HttpAuthApi, (get) => new HttpAuthApi(get(MainHttp))),
  factory(AuthApi, (get) => get(HttpAuthApi)),
  factory(SignOut, (get) => new SignOut(get<AuthApi>(AuthApi), get<SessionStore>(SessionStore))),
  factory(RefreshCurrentUser, (get) => new RefreshCurrentUser(get<AuthApi>(AuthApi), get<SessionStore>(SessionStore))),
];
