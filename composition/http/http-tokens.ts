import type Koa from 'koa';
import type { CredentialResolver } from '../../adapters/http/credentials.js';
import type { SpindleState } from '../../adapters/http/http-state.js';
import type { RouteModule } from '../../adapters/http/route-module.js';
import type { ApiUrls } from '../../adapters/http/urls.js';
import { token } from '../token.js';

export const HTTP = {
  ApiUrls: token<ApiUrls>('http/ApiUrls'),
  /** Multi-binding: every module binds its own route module here. */
  Routes: token<RouteModule>('http/Routes'),
  /** The slot for credential resolution: the identity module binds it; unbound, every caller is anonymous. */
  CredentialResolver: token<CredentialResolver>('http/CredentialResolver'),
  HttpApp: token<Koa<SpindleState>>('http/HttpApp'),
} as const;
