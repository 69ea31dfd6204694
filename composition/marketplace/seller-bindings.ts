import type { ContainerModuleLoadOptions } from 'inversify';
import { SellerSettingsPage } from '../../adapters/http/marketplace/seller-settings-page.js';
import { SellerSettingsRoutes } from '../../adapters/http/marketplace/seller-settings-routes.js';
import { GetSellerSettings } from '../../application/marketplace/get-seller-settings.js';
import { SetSellerSettings } from '../../application/marketplace/set-seller-settings.js';
import { CORE } from '../core/core-tokens.js';
import { HTTP } from '../http/http-tokens.js';
import { IDENTITY } from '../identity/identity-tokens.js';
import { PERSISTENCE } from '../persistence/persistence-tokens.js';
import type { Runtime } from '../spindle-module.js';
import { MARKETPLACE } from './marketplace-tokens.js';
import { SELLERS } from './seller-tokens.js';

/** Binds sellers' settings: the use cases, the `/settings/seller` web page and `/marketplace/settings` in the API. */
export function bindSellers(bind: ContainerModuleLoadOptions['bind'], runtime: Runtime): void {
  const { config } = runtime;
  bind(SELLERS.GetSellerSettings)
    .toResolvedValue((users, sellers, uow) => new GetSellerSettings(users, sellers, uow), [
      IDENTITY.UserRepository,
      MARKETPLACE.SellerRepository,
      PERSISTENCE.UnitOfWork,
    ])
    .inSingletonScope();
  bind(SELLERS.SetSellerSettings)
    .toResolvedValue((users, sellers, uow, clock) => new SetSellerSettings(users, sellers, uow, clock), [
      IDENTITY.UserRepository,
      MARKETPLACE.SellerRepository,
      PERSISTENCE.UnitOfWork,
      CORE.Clock,
    ])
    .inSingletonScope();
  bind(HTTP.Routes)
    .toResolvedValue(
      (get, set, sessions, secrets, urls) =>
        new SellerSettingsPage(get, set, { sessions, secrets }, urls, { webUrl: config.webUrl, site: config.siteName }),
      [SELLERS.GetSellerSettings, SELLERS.SetSellerSettings, IDENTITY.WebSessions, IDENTITY.SecretGenerator, HTTP.ApiUrls],
    )
    .inSingletonScope();
  bind(HTTP.Routes)
    .toResolvedValue((get, set) => new SellerSettingsRoutes(get, set, config.dialect, { maxBodyBytes: config.maxBodyBytes }), [
      SELLERS.GetSellerSettings,
      SELLERS.SetSellerSettings,
    ])
    .inSingletonScope();
}
