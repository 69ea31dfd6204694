import type Router from '@koa/router';
import type Koa from 'koa';
import { Forbidden, NotFound } from '../../../application/errors.js';
import type { GetSellerSettings } from '../../../application/marketplace/get-seller-settings.js';
import type { CatalogueReader } from '../../../application/ports/catalogue-reader.js';
import { releaseListing } from '../../../domain/catalogue/release-summary.js';
import { MEDIA_CONDITIONS, SLEEVE_CONDITIONS } from '../../../domain/marketplace/conditions.js';
import { isCurrency, type Currency } from '../../../domain/marketplace/currency.js';
import {
  MAX_COMMENTS_LENGTH,
  MAX_EXTERNAL_ID_LENGTH,
  MAX_FORMAT_QUANTITY,
  MAX_LOCATION_LENGTH,
  MAX_WEIGHT_GRAMS,
  listingProblemsOf,
  type Listing,
} from '../../../domain/marketplace/listing.js';
import { CREATE_STATUSES } from '../../../domain/marketplace/listing-status.js';
import type { SpindleState } from '../http-state.js';
import { pathId } from '../query.js';
import type { RouteModule } from '../route-module.js';
import { WebPageKit, type SignedIn, type WebPageDeps, type WebPageSettings } from '../web-pages/web-page-kit.js';
import { listingInput } from './listing-bodies.js';
import type { ListingUseCases } from './listing-routes.js';
import { listingFormTemplates } from './marketplace-page-templates.js';

const DELETE_PATH = /^\/sell\/item\/[^/]*\/delete$/;
const EDIT_PATH = /^\/sell\/item\/[^/]*\/edit$/;
const POST_PATH = /^\/sell\/post\/[^/]*$/;

/** The listing form's fields, by the API's names (the release is the page's, never a field). */
const FIELDS = ['condition', 'sleeve_condition', 'price', 'comments', 'allow_offers', 'status', 'external_id', 'location', 'weight', 'format_quantity'] as const;
type Field = (typeof FIELDS)[number];
type FormValues = Record<Field, string>;

// The comments at their longest, each character up to nine bytes once UTF-8 and percent-encoded, and the other fields.
const MAX_FORM_BYTES = 9 * MAX_COMMENTS_LENGTH + 16 * 1024;

/** A new listing's form: For Sale, weight and format quantity estimated from the release. */
const BLANK: FormValues = {
  condition: '',
  sleeve_condition: '',
  price: '',
  comments: '',
  allow_offers: '',
  status: 'For Sale',
  external_id: '',
  location: '',
  weight: 'auto',
  format_quantity: 'auto',
};

/** The form as a listing fills it. */
function formOf(listing: Listing): FormValues {
  return {
    condition: listing.condition,
    sleeve_condition: listing.sleeveCondition ?? '',
    price: listing.price.toDecimalString(),
    comments: listing.comments,
    allow_offers: listing.allowOffers ? 'yes' : '',
    status: listing.status,
    external_id: listing.externalId ?? '',
    location: listing.location ?? '',
    weight: listing.weight === null ? '' : String(listing.weight),
    format_quantity: listing.formatQuantity === null ? '' : String(listing.formatQuantity),
  };
}

/** The form's fields as sent (line ends as `\n`; an unticked box is no). */
function sentOf(form: URLSearchParams): FormValues {
  const sent = {} as FormValues;
  for (const f of FIELDS) sent[f] = (form.get(f) ?? '').replace(/\r\n?/g, '\n');
  return sent;
}

/**
 * The fields as the API's listing body takes them: a blank condition, price or status is one not given (so a new
 * listing's refusal says it is required, as the API's does); a blank optional field clears it; the box is yes or no.
 */
function bodyOf(sent: FormValues): Record<string, string> {
  const body: Record<string, string> = {};
  for (const f of FIELDS) {
    if (f === 'allow_offers') body[f] = sent[f] === '' ? 'false' : 'true';
    else if ((f === 'condition' || f === 'price' || f === 'status') && sent[f].trim() === '') continue;
    else body[f] = sent[f];
  }
  return body;
}

/**
 * The seller's forms on their listings, signed in, each calling the API's use case with the API's body check
 * (`listingInput`), so a page refuses exactly what `POST /marketplace/listings` refuses, with its words:
 * - `/sell/post/{release_id}` (the release page's "Sell a copy"): a new listing of the release (`CreateListing`),
 *   priced in the seller's currency; 303 to the new listing's page. Someone who is not a seller yet is told so, with
 *   a way to their seller settings.
 * - `/sell/item/{id}/edit` (linked from the listing page for its seller): the same form filled (`EditListing`), the
 *   price in the listing's own currency; 303 back to the listing.
 * - `/sell/item/{id}/delete`: a confirmation whose POST calls `DeleteListing`; 303 to the seller's inventory.
 * A refused form is shown again (422) with each field's reason beside it and the values as sent; another seller's
 * listing is the API's 403 or 404 as a page.
 */
export class ListingFormPages implements RouteModule {
  private readonly kit: WebPageKit;

  constructor(
    private readonly useCases: Pick<ListingUseCases, 'getListing' | 'deleteListing' | 'createListing' | 'editListing'>,
    private readonly sellerSettings: GetSellerSettings,
    private readonly catalogue: CatalogueReader,
    deps: WebPageDeps,
    settings: WebPageSettings,
  ) {
    this.kit = new WebPageKit(deps, settings, listingFormTemplates());
  }

  isWebPage(path: string): boolean {
    return DELETE_PATH.test(path) || EDIT_PATH.test(path) || POST_PATH.test(path);
  }

  refusalPage(ctx: Koa.Context, err: unknown): Promise<boolean> {
    return this.kit.refusalPage(ctx, err);
  }

  register(router: Router<SpindleState>): void {
    const web = this.kit.settings.webUrl;
    router.get('/sell/post/:release', this.kit.page(async (ctx) => {
      const caller = await this.kit.signedIn(ctx);
      await this.showNew(ctx, caller, pathId(ctx.params.release, () => new NotFound('Release not found.')), BLANK);
    }));
    router.post('/sell/post/:release', this.kit.page(async (ctx) => {
      const caller = await this.kit.signedIn(ctx);
      const releaseId = pathId(ctx.params.release, () => new NotFound('Release not found.'));
      const sent = sentOf(await this.kit.form(ctx, MAX_FORM_BYTES));
      try {
        const { listingId } = await this.useCases.createListing.execute({
          caller,
          body: () => listingInput({}, { ...bodyOf(sent), release_id: String(releaseId) }),
        });
        this.kit.seeOther(ctx, `/sell/item/${listingId}?done=listed`);
      } catch (err) {
        const problems = listingProblemsOf(err);
        if (!problems) throw err;
        await this.showNew(ctx, caller, releaseId, sent, problemsByField(problems), 422);
      }
    }));

    router.get('/sell/item/:id/edit', this.kit.page(async (ctx) => {
      const caller = await this.kit.signedIn(ctx);
      const listing = await this.ownListing(caller, ctx.params.id);
      await this.showEdit(ctx, caller, listing, formOf(listing));
    }));
    router.post('/sell/item/:id/edit', this.kit.page(async (ctx) => {
      const caller = await this.kit.signedIn(ctx);
      const id = pathId(ctx.params.id, () => new NotFound());
      const form = await this.kit.form(ctx, MAX_FORM_BYTES);
      const sent = sentOf(form);
      const currency = form.get('curr_abbr') ?? '';
      try {
        await this.useCases.editListing.execute({
          id,
          caller,
          body: () => listingInput({}, bodyOf(sent)),
          ...(isCurrency(currency) ? { currency: currency as Currency } : {}),
        });
        this.kit.seeOther(ctx, `/sell/item/${id}?done=edited`);
      } catch (err) {
        const problems = listingProblemsOf(err);
        if (!problems) throw err;
        await this.showEdit(ctx, caller, await this.ownListing(caller, ctx.params.id), sent, problemsByField(problems), 422);
      }
    }));

    router.get('/sell/item/:id/delete', this.kit.page(async (ctx) => {
      const caller = await this.kit.signedIn(ctx);
      const id = pathId(ctx.params.id, () => new NotFound());
      const view = await this.useCases.getListing.execute({ id, caller, textFormat: 'plaintext' });
      // Only the seller is asked: anyone else gets the API's refusal of the deletion itself.
      if (!view.owner) throw new NotFound();
      const r = view.release;
      await this.kit.render(ctx, '@listing-delete', {
        title: `Delete listing ${id}?`,
        user: caller.username,
        id,
        what: r.artist === '' && r.title === '' ? `Release ${r.id}` : `${r.artist} – ${r.title}`,
        action: `${web}/sell/item/${id}/delete`,
        back: `${web}/sell/item/${id}`,
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

  /** The caller's own listing of this id: the API's 404 for one they may not see, 403 for another seller's they may. */
  private async ownListing(caller: SignedIn, param: string | undefined): Promise<Listing> {
    const id = pathId(param, () => new NotFound());
    const view = await this.useCases.getListing.execute({ id, caller, textFormat: 'plaintext' });
    // Another seller's listing the caller may see (For Sale) is the edit's 403, as the API answers it.
    if (!view.owner) throw new Forbidden();
    return view.listing;
  }

  private async showNew(ctx: Koa.Context, caller: SignedIn, releaseId: number, form: FormValues, problems: Problems = {}, status = 200): Promise<void> {
    const stored = await this.catalogue.release(releaseId);
    if (!stored) throw new NotFound('Release not found.');
    const release = releaseListing(stored.record);
    const seller = await this.sellerSettings.execute({ name: caller.username, actor: caller });
    const web = this.kit.settings.webUrl;
    await this.render(ctx, caller, {
      title: `Sell a copy of ${release.artist} – ${stored.record.title}`,
      releaseHref: `${web}/release/${releaseId}`,
      // Someone who is not a seller yet is sent to their seller settings rather than refused by the form.
      notSeller: !seller.complete,
      action: `${web}/sell/post/${releaseId}`,
      currency: seller.currency,
      submit: 'List it',
      form,
      problems,
    }, status);
  }

  private async showEdit(ctx: Koa.Context, caller: SignedIn, listing: Listing, form: FormValues, problems: Problems = {}, status = 200): Promise<void> {
    const web = this.kit.settings.webUrl;
    await this.render(ctx, caller, {
      title: `Edit listing ${listing.id}`,
      releaseHref: `${web}/release/${listing.releaseId}`,
      listingHref: `${web}/sell/item/${listing.id}`,
      notSeller: false,
      action: `${web}/sell/item/${listing.id}/edit`,
      currency: listing.price.currency,
      submit: 'Save the listing',
      form,
      problems,
    }, status);
  }

  private async render(ctx: Koa.Context, caller: SignedIn, data: Record<string, unknown>, status: number): Promise<void> {
    const problems = data.problems as Problems;
    await this.kit.render(ctx, '@listing-form', {
      ...data,
      user: caller.username,
      conditions: MEDIA_CONDITIONS,
      sleeves: SLEEVE_CONDITIONS,
      statuses: CREATE_STATUSES,
      max: { comments: MAX_COMMENTS_LENGTH, externalId: MAX_EXTERNAL_ID_LENGTH, location: MAX_LOCATION_LENGTH, weight: MAX_WEIGHT_GRAMS, formatQuantity: MAX_FORMAT_QUANTITY },
      // A problem of a field the form has not (the release) is said at the top.
      error: Object.keys(problems).length === 0
        ? undefined
        : ['Nothing was saved: correct the fields marked below.', problems.release_id].filter(Boolean).join(' '),
    }, status);
  }
}

type Problems = Readonly<Partial<Record<string, string>>>;

/** Each field's first problem, by the API's field name. */
function problemsByField(problems: readonly { field: string; message: string }[]): Problems {
  const out: Record<string, string> = {};
  for (const p of problems) out[p.field] ??= p.message;
  return out;
}
