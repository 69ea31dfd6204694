import { ContainerModule } from 'inversify';
import type { AccountGuard } from '../../application/ports/account-guard.js';
import type { Logger } from '../../application/ports/logger.js';
import type { RateLimitStore } from '../../application/ports/rate-limit-store.js';
import type { OutageDetector } from '../../application/ports/outage-detector.js';
import type { RequestScope } from '../../application/ports/request-scope.js';
import type { CheckReadiness } from '../../application/health/check-readiness.js';
import type { OperationalGauge } from '../../application/ports/operational-gauge.js';
import { createHttpApp } from '../../adapters/http/app.js';
import { PrometheusMetrics } from '../../adapters/http/metrics/prometheus-metrics.js';
import type { CredentialResolver } from '../../adapters/http/credentials.js';
import type { RouteModule } from '../../adapters/http/route-module.js';
import type { Config } from '../config.js';
import { ApiUrls } from '../../adapters/http/urls.js';
import { CORE } from '../core/core-tokens.js';
import { HEALTH } from '../health/health-tokens.js';
import { PERSISTENCE } from '../persistence/persistence-tokens.js';
import { RATE_LIMIT } from '../rate-limit/rate-limit-tokens.js';
import type { SpindleModule } from '../spindle-module.js';
import { HTTP } from './http-tokens.js';
import { IDENTITY } from '../identity/identity-tokens.js';
import type { WebSessions } from '../../application/identity/web-sessions.js';

/**
 * The Koa HTTP adapter: the URL builder, the process's metrics (with every module's gauges), and the application built
 * from every module's routes, with `/healthz`, `/readyz` and `/metrics` in front (ADR 0045).
 */
export const httpModule: SpindleModule = {
  name: 'http',
  bindings: () =>
    new ContainerModule(({ bind }) => {
      bind(HTTP.ApiUrls)
        .toResolvedValue((config) => new ApiUrls(config.baseUrl, config.webUrl, config.userPathSegment), [CORE.Config])
        .inSingletonScope();
      bind(HTTP.Metrics)
        .toResolvedValue(
          (logger: Logger, gauges: OperationalGauge[] | undefined) => new PrometheusMetrics(gauges ?? [], logger.child({ part: 'metrics' })),
          [CORE.Logger, { serviceIdentifier: HEALTH.Gauges, isMultiple: true, optional: true }],
        )
        .inSingletonScope();
      bind(HTTP.HttpApp)
        .toResolvedValue(
          (
            settings: Config,
            logger: Logger,
            rateLimitStore: RateLimitStore,
            routes: RouteModule[] | undefined,
            credentials: CredentialResolver | undefined,
            requestScope: RequestScope | undefined,
            outages: OutageDetector | undefined,
            readiness: CheckReadiness | undefined,
            metrics: PrometheusMetrics,
            webSessions: WebSessions | undefined,
            accountGuard: AccountGuard | undefined,
          ) =>
            createHttpApp({
              settings,
              logger,
              rateLimitStore,
              routes: routes ?? [],
              credentials,
              requestScope,
              outages,
              readiness,
              metrics,
              webSessions,
              accountGuard,
              metricsAccess: { token: settings.metrics.token, public: settings.metrics.public },
            }),
          [
            CORE.Config,
            CORE.Logger,
            RATE_LIMIT.Store,
            { serviceIdentifier: HTTP.Routes, isMultiple: true, optional: true },
            { serviceIdentifier: HTTP.CredentialResolver, optional: true },
            { serviceIdentifier: PERSISTENCE.RequestScope, optional: true },
            { serviceIdentifier: PERSISTENCE.Outages, optional: true },
            { serviceIdentifier: HEALTH.CheckReadiness, optional: true },
            HTTP.Metrics,
            { serviceIdentifier: IDENTITY.WebSessions, optional: true },
            { serviceIdentifier: PERSISTENCE.AccountGuard, optional: true },
          ],
        )
        .inSingletonScope();
    }),
};
