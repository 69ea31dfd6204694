import type Router from '@koa/router';
import type Koa from 'koa';
import { NotFound } from '../../../application/errors.js';
import type { SpindleState } from '../http-state.js';
import { pathId } from '../query.js';
import type { RouteModule } from '../route-module.js';
import { WebPageKit, type WebPageDeps, type WebPageSettings } from '../web-pages/web-page-kit.js';
import type { ListingUseCases } from './listing-routes.js';
import { listingFormTemplates } from './marketplace-page-templates.js';

const DELETE_PATH = /^\/sell\/item\/[^/]*\/delete$/;

/**
 * The seller's forms on their listings, signed in: `/sell/item/{id}/delete` asks to confirm deleting the listing (the
 * listing page links there for its seller) and its POST calls the API's `DeleteListing` (the seller alone; the API's
 * 403 or 404 as pages otherwise), answering 303 to the seller's inventory.
 */
export class ListingFormPages implements RouteModule {
  private readonly kit: WebPageKit;

  constructor(
    private readonly useCases: Pick<ListingUseCases, 'getListing' | 'deleteListing'>,
    deps: WebPageDeps,
    settings: WebPageSettings,
  ) {
    this.kit = new WebPageKit(deps, settings, listingFormTemplates());
  }

  isWebPage(path: string): boolean {
    return DELETE_PATH.test(path);
  }

  refusalPage(ctx: Koa.Context, err: unknown): Promise<boolean> {
    return this.kit.refusalPage(ctx, err);
  }

  register(router: Router<SpindleState>): void {
    router.get('/sell/item/:id/delete', this.kit.page(async (ctx) => {
      const caller = await this.kit.signedIn(ctx);
      const id = pathId(ctx.params.id, () => new NotFound());
      const view = await this.useCases.getListing.execute({ id, caller, textFormat: 'plaintext' });
      // Only the seller is asked: anyone else gets the API's refusal of the deletion itself.
      if (!view.owner) throw new NotFound();
      const r = view.release;
      this.kit.render(ctx, '@listing-delete', {
        title: `Delete listing ${id}?`,
        user: caller.username,
        id,
        what: r.artist === '' && r.title === '' ? `Release ${r.id}` : `${r.artist} – ${r.title}`,
        action: `${this.kit.settings.webUrl}/sell/item/${id}/delete`,
        back: `${this.kit.settings.webUrl}/sell/item/${id}`,
      });
    }));
    router.post('/sell/item/:id/delete', this.kit.page(async (ctx) => {
      const caller = await this.kit.signedIn(ctx);
      const id = pathId(ctx.params.id, () => new NotFound());
      await this.kit.form(ctx);
      await this.useCases.deleteListing.execute({ id, caller });
      this.kit.seeOther(ctx, `/seller/${encodeURIComponent(caller.username)}?status=All`);
    }));
  }
}
