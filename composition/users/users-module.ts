import { ContainerModule } from 'inversify';
import { ProfilePage } from '../../adapters/http/users/profile-page.js';
import { ProfileRoutes } from '../../adapters/http/users/profile-routes.js';
import { ProfileSettingsPage } from '../../adapters/http/users/profile-settings-page.js';
import type { ApiUrls } from '../../adapters/http/urls.js';
import type { WebSessions } from '../../application/identity/web-sessions.js';
import { mergedUserFigures, type UserFiguresPart } from '../../application/ports/user-figures.js';
import { EditProfile } from '../../application/users/edit-profile.js';
import { GetProfile } from '../../application/users/get-profile.js';
import { HTTP } from '../http/http-tokens.js';
import { IDENTITY } from '../identity/identity-tokens.js';
import { PERSISTENCE } from '../persistence/persistence-tokens.js';
import type { SpindleModule } from '../spindle-module.js';
import { TEXT } from '../text/text-tokens.js';
import { USERS } from './users-tokens.js';

/**
 * The users' side. So far: profiles (`GET`/`POST /s/{name}`), with figures counted by whichever modules hold them
 * (every `USERS.FiguresPart` bound, merged; a figure no module counts is zero or null).
 */
export const usersModule: SpindleModule = {
  name: 'users',

  bindings: ({ config }) =>
    new ContainerModule(({ bind }) => {
      const figures = { serviceIdentifier: USERS.FiguresPart, isMultiple: true, optional: true } as const;
      bind(USERS.GetProfile)
        .toResolvedValue((users, text, parts: UserFiguresPart[] | undefined) => new GetProfile(users, text, mergedUserFigures(parts ?? [])), [
          IDENTITY.UserRepository,
          TEXT.TextRenderer,
          figures,
        ])
        .inSingletonScope();
      bind(USERS.EditProfile)
        .toResolvedValue((users, get, uow) => new EditProfile(users, get, uow), [IDENTITY.UserRepository, USERS.GetProfile, PERSISTENCE.UnitOfWork])
        .inSingletonScope();
      bind(HTTP.Routes)
        .toResolvedValue(
          (get, edit, urls) => new ProfileRoutes(get, edit, urls, config.dialect, config.maxBodyBytes),
          [USERS.GetProfile, USERS.EditProfile, HTTP.ApiUrls],
        )
        .inSingletonScope();
      // The profile's web page (`/user/{name}`, the API's `uri`): the same use case and presenter as the route above.
      bind(HTTP.Routes)
        .toResolvedValue(
          (get: GetProfile, urls: ApiUrls, sessions: WebSessions | undefined) =>
            new ProfilePage(get, sessions, urls, config.dialect, { webUrl: config.webUrl, site: config.siteName }),
          [USERS.GetProfile, HTTP.ApiUrls, { serviceIdentifier: IDENTITY.WebSessions, optional: true } as const],
        )
        .inSingletonScope();
      // The profile's settings page (`/settings/profile`): the same checks and use case as `POST /s/{name}`.
      bind(HTTP.Routes)
        .toResolvedValue(
          (get, edit, sessions, secrets, urls) =>
            new ProfileSettingsPage(get, edit, { sessions, secrets }, urls, { webUrl: config.webUrl, site: config.siteName }),
          [USERS.GetProfile, USERS.EditProfile, IDENTITY.WebSessions, IDENTITY.SecretGenerator, HTTP.ApiUrls],
        )
        .inSingletonScope();
    }),
};
