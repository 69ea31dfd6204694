import type Router from '@koa/router';
import type { ListEvents } from '../../../application/events/list-events.js';
import type { SpindleState } from '../http-state.js';
import { publicPathOf } from '../middleware/normalize-path.js';
import { validateQuery } from '../query.js';
import type { RouteModule } from '../route-module.js';
import type { EventPresenter } from './event-presenter.js';
import { EventsQuery } from './events-query.js';

/** `GET /events?after={id}`: the calling user's events after a cursor, oldest first (ADR 0057). */
export class EventRoutes implements RouteModule {
  constructor(
    private readonly listEvents: ListEvents,
    private readonly presenter: EventPresenter,
    private readonly baseUrl: string,
  ) {}

  register(router: Router<SpindleState>): void {
    router.get('/events', async (ctx) => {
      const q = validateQuery(EventsQuery, ctx.query);
      const page = await this.listEvents.execute({ caller: ctx.state.caller, after: q.cursor(), perPage: q.toPageRequest().perPage, types: q.types() });
      let next: string | null = null;
      if (page.more) {
        const params = new URLSearchParams({ after: String(page.events.at(-1)!.id), per_page: String(page.perPage) });
        for (const type of q.types()) params.append('type', type);
        next = `${this.baseUrl}${publicPathOf(ctx)}?${params.toString()}`;
        ctx.set('Link', `<${next}>; rel="next"`);
      }
      ctx.body = this.presenter.page(page, next);
    });
  }
}
