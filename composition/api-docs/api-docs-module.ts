import { ContainerModule } from 'inversify';
import { ApiDocsRoutes } from '../../adapters/http/api-docs/api-docs-routes.js';
import { HTTP } from '../http/http-tokens.js';
import type { SpindleModule } from '../spindle-module.js';

/** The API's description served by the API: `/openapi.yaml`, `/openapi.json` and the `/docs` page (ADR 0031). */
export const apiDocsModule: SpindleModule = {
  name: 'api-docs',
  bindings: ({ config }) =>
    new ContainerModule(({ bind }) => {
      bind(HTTP.Routes).toConstantValue(
        new ApiDocsRoutes({ baseUrl: config.baseUrl, brand: config.brand, dialect: config.dialect, userPathSegment: config.userPathSegment }),
      );
    }),
};
