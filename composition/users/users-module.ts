import { ContainerModule } from 'inversify';
import { ProfileRoutes } from '../../adapters/http/users/profile-routes.js';
import type { UserFiguresSource } from '../../application/ports/user-figures.js';
import { EditProfile, GetProfile } from '../../application/users/profiles.js';
import { HTTP } from '../http/http-tokens.js';
import { IDENTITY } from '../identity/identity-tokens.js';
import { PERSISTENCE } from '../persistence/persistence-tokens.js';
import type { SpindleModule } from '../spindle-module.js';
import { TEXT } from '../text/text-tokens.js';
import { USERS } from './users-tokens.js';

/**
 * The users' side. So far: profiles (`GET`/`POST /s/{name}`), with figures counted by whichever modules hold them
 * (the `USERS.Figures` slot; until collections, lists and listings exist, every figure is zero).
 */
export const usersModule: SpindleModule = {
  name: 'users',

  bindings: ({ config }) =>
    new ContainerModule(({ bind }) => {
      const figures = { serviceIdentifier: USERS.Figures, optional: true } as const;
      bind(USERS.GetProfile)
        .toResolvedValue((users, text, figures: UserFiguresSource | undefined) => new GetProfile(users, text, figures), [
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
    }),
};
