import type Router from '@koa/router';
import type { Eta } from 'eta';
import type Koa from 'koa';
import { ARTIST_RELEASE_SORTS, VERSION_SORTS } from '../../../application/catalogue/read-models.js';
import type { ListRecentListings } from '../../../application/marketplace/list-recent-listings.js';
import { formatMoney } from '../../../domain/marketplace/money-format.js';
import { NotFound } from '../../../application/errors.js';
import type { Caller } from '../../../application/shared/caller.js';
import type { SearchDatabase } from '../../../application/search/search-database.js';
import { SEARCH_KINDS } from '../../../domain/catalogue/search-facts.js';
import type { NameResolver } from '../../../domain/text/name-resolver.js';
import type { ApiSchema } from '../api-shapes.js';
import { inventoryPage } from '../marketplace/marketplace-pages.js';
import type { SpindleState } from '../http-state.js';
import { PageQuery } from '../pagination.js';
import { pathId, validateQuery } from '../query.js';
import type { RouteModule } from '../route-module.js';
import { searchParameters } from '../search/search-routes.js';
import type { SearchPresenter } from '../search/search-presenter.js';
import type { ApiUrls } from '../urls.js';
import { dateInWords } from '../web-pages/page-format.js';
import { pagerLinks } from '../web-pages/page-links.js';
import { SITE_ICON, SITE_ICON_PATH } from '../web-pages/site-templates.js';
import { pageCaller, pageImage, renderPage, type PageSessions, type WebPageSettings } from '../web-pages/web-page-kit.js';
import { cataloguePageTemplates } from './catalogue-page-templates.js';
import type { CataloguePresenter } from './catalogue-presenter.js';
import { ArtistReleasesQuery, VersionsQuery } from './catalogue-queries.js';
import type { CatalogueUseCases } from './catalogue-routes.js';

/** A page path's record: `/release/1`, `/release/1-The-Persuader-Stockholm` (the slug is the API's `uri`'s, not checked). */
const RECORD_PATH = /^\/(release|master|artist|label)\/[^/]+$/;
const REF = /^(\d{1,10})(?:-.*)?$/;
/**
 * Where a browser looks for an icon when a document names none (a JSON or an image opened in a tab): the site's icon
 * too, rather than a refusal in the console.
 */
const LEGACY_ICON_PATH = '/favicon.ico';
/** How many recently added releases the home page shows. */
const HOME_NEWEST = 8;
/** How many recently listed copies for sale the home page shows. */
const HOME_LISTED = 8;

/** A link, or the text alone where the catalogue has no page to link (an artist or label a dump names but lacks). */
type Link = { readonly href: string | undefined; readonly text: string; readonly join?: string };
type Fact = { readonly term: string; readonly text?: string; readonly links?: readonly Link[] };

/**
 * What the pages read besides the catalogue's use cases: the search (no search page without the search module), and
 * who is signed in (everyone is anonymous without the identity module).
 */
export interface CataloguePageDeps {
  readonly useCases: CatalogueUseCases;
  readonly search: SearchDatabase | undefined;
  readonly sessions: PageSessions | undefined;
  readonly presenter: CataloguePresenter;
  readonly searchPresenter: SearchPresenter;
  readonly urls: ApiUrls;
  /** Which artists and labels the catalogue has (every one is taken to be there without it). */
  readonly names: NameResolver | undefined;
  /** The newest listings for sale (the home page shows none without the marketplace). */
  readonly recentListings?: Pick<ListRecentListings, 'execute'>;
}

/** Whether the catalogue has a page for an artist or a label. */
type Known = (kind: 'artist' | 'label', id: number) => boolean;

/**
 * The catalogue's web pages on `{web_url}`: the home page, `/release/…`, `/master/…` (with the versions table and the
 * API's filters and facets), `/artist/…` and `/label/…` (with their release lists), and `/search`. Each calls the use
 * case the API's route calls and the API's presenter (text fields in the html text format), then writes the result
 * as a page that links where the data does; a refusal is the site's message page with the API's status and message.
 */
export class CataloguePages implements RouteModule {
  private readonly eta: Eta;

  constructor(
    private readonly deps: CataloguePageDeps,
    private readonly settings: WebPageSettings,
  ) {
    this.eta = cataloguePageTemplates();
  }

  isWebPage(path: string): boolean {
    return path === '/' || path === '/search' || this.isStaticAsset(path) || RECORD_PATH.test(path);
  }

  isStaticAsset(path: string): boolean {
    return path === SITE_ICON_PATH || path === LEGACY_ICON_PATH;
  }

  register(router: Router<SpindleState>): void {
    for (const path of [SITE_ICON_PATH, LEGACY_ICON_PATH]) {
      router.get(path, (ctx) => {
        ctx.type = 'image/svg+xml';
        ctx.set('Cache-Control', 'public, max-age=86400');
        ctx.body = SITE_ICON;
      });
    }
    router.get('/', (ctx) => this.home(ctx));
    router.get('/release/:ref', (ctx) => this.release(ctx));
    router.get('/master/:ref', (ctx) => this.master(ctx));
    router.get('/artist/:ref', (ctx) => this.byName(ctx, 'artist') || this.artist(ctx));
    router.get('/label/:ref', (ctx) => this.byName(ctx, 'label') || this.label(ctx));
    router.get('/search', (ctx) => this.search(ctx));
  }

  private render(ctx: Koa.Context, template: string, data: Record<string, unknown>): Promise<void> {
    return renderPage(ctx, { eta: this.eta, settings: this.settings, sessions: this.deps.sessions }, template, data);
  }

  private web(kind: 'artist' | 'label' | 'master' | 'release', id: number, name: string): string {
    return this.deps.urls.web(kind, id, name);
  }

  private async home(ctx: Koa.Context): Promise<void> {
    const examples: Link[] = [
      { href: `${this.settings.webUrl}/search?type=release`, text: 'Every release' },
      { href: `${this.settings.webUrl}/search?type=artist`, text: 'Every artist' },
      { href: `${this.settings.webUrl}/search?type=label`, text: 'Every label' },
    ];
    const newest = await this.deps.useCases.listNewestReleases.execute({ count: HOME_NEWEST });
    const listed = (await this.deps.recentListings?.execute({ count: HOME_LISTED })) ?? [];
    const web = this.settings.webUrl;
    await this.render(ctx, '@home', {
      title: this.settings.site,
      examples,
      listed: listed.map(({ listing, release, seller }) => ({
        href: `${web}/sell/item/${listing.id}`,
        title: release.title || `Release ${release.id}`,
        artist: release.artist,
        price: formatMoney(listing.price),
        condition: listing.condition,
        seller: seller.username,
        sellerHref: inventoryPage(web, seller.username),
      })),
      newest: newest.map((r) => ({ href: this.web('release', r.id, r.title), title: r.title, artist: r.artist, detail: [r.format, r.year || ''].filter(Boolean).join(', ') })),
    });
  }

  /**
   * An artist or label named rather than numbered (`/artist/King%20Britt`: how the markup's `[a=…]` and `[l=…]` link,
   * as on Discogs) is looked for: sent to the search for that name (which finds it when the catalogue has it). Whether
   * it sent the request on.
   */
  private byName(ctx: Koa.Context, kind: 'artist' | 'label'): boolean {
    const ref = ctx.params.ref ?? '';
    if (REF.test(ref)) return false;
    ctx.status = 303;
    ctx.redirect(`${this.settings.webUrl}/search?${new URLSearchParams({ type: kind, q: ref })}`);
    return true;
  }

  private async release(ctx: Koa.Context): Promise<void> {
    const releaseId = recordId(ctx.params.ref, 'Release not found.');
    const caller = await pageCaller(this.deps.sessions, ctx);
    const view = await this.deps.useCases.getRelease.execute({ releaseId, textFormat: 'html', caller });
    // The API's own representation (the filled document), read back: the page shows what the API says.
    const r = JSON.parse(this.deps.presenter.release(view)) as ApiSchema<'Release'>;
    const trackList = r.tracklist.flatMap((t) => [t, ...(t.sub_tracks ?? [])]);
    const known = await this.known(
      [...r.artists, ...r.extraartists, ...trackList.flatMap((t) => [...(t.artists ?? []), ...(t.extraartists ?? [])])].map((a) => a.id),
      [...r.labels, ...r.series, ...r.companies].map((e) => e.id),
    );
    const credit = (c: ApiSchema<'ArtistCredit'>): Link => ({ href: this.link(known, 'artist', c.id, c.name), text: c.anv || c.name, join: c.join ? ` ${c.join} ` : ', ' });
    const entity = (e: ApiSchema<'Entity'>): Link => ({ href: this.link(known, 'label', e.id, e.name), text: e.catno ? `${e.name} – ${e.catno}` : e.name });
    const images = this.shownImages(r.images, caller);
    const cover = images[0];
    const tracks = trackList.map((t) => ({
      position: t.position,
      title: t.title,
      duration: t.duration,
      heading: t.type_ === 'heading',
      credits: [...(t.artists ?? []), ...(t.extraartists ?? [])].map(credit),
    }));
    await this.render(ctx, '@release', {
      title: `${r.artists.map((a) => a.anv || a.name).join(', ')} – ${r.title}`,
      canonical: r.uri,
      artists: r.artists.map(credit),
      cover,
      facts: [
        { term: 'Labels', links: r.labels.map(entity) },
        { term: 'Series', links: r.series.map(entity) },
        { term: 'Formats', text: r.formats.map((f) => [`${f.qty} × ${f.name}`, ...f.descriptions, f.text ?? ''].filter(Boolean).join(', ')).join('; ') },
        { term: 'Country', text: r.country },
        { term: 'Released', text: r.released_formatted || r.released },
        { term: 'Genres', text: r.genres.join(', ') },
        { term: 'Styles', text: r.styles.join(', ') },
        { term: 'Data quality', text: r.data_quality },
      ] satisfies Fact[],
      // The versions link only where the catalogue has the master (a dump's release may name one it lacks).
      master: r.master_id === undefined || !(await this.hasMaster(r.master_id, caller)) ? undefined : this.web('master', r.master_id, r.title),
      // The viewer's copies and want of it (the collection module's page; the signed-out are sent to sign in).
      yours: `${this.settings.webUrl}/release/${r.id}/yours`,
      // The copies themselves are the marketplace's page (`/sell/release/{id}`), linked when there are any.
      forSaleHref: r.num_for_sale === 0 ? undefined : `${this.settings.webUrl}/sell/release/${r.id}`,
      // A signed-in person may list a copy (the marketplace's form, which tells a non-seller how to become one).
      sellHref: caller.kind === 'user' ? `${this.settings.webUrl}/sell/post/${r.id}` : undefined,
      forSale:
        r.num_for_sale === 0
          ? 'No copies for sale.'
          : `${r.num_for_sale} ${r.num_for_sale === 1 ? 'copy' : 'copies'} for sale, from ${r.lowest_price} ${view.currency}.`,
      community: `${r.community.have} have it, ${r.community.want} want it; rated ${r.community.rating.average} by ${r.community.rating.count}.`,
      tracks,
      // A column of track credits only where some track has any.
      trackCredits: tracks.some((t) => t.credits.length > 0),
      credits: r.extraartists.map((c) => ({ ...credit(c), role: c.role, tracks: c.tracks })),
      companies: r.companies.map((c) => ({ ...entity(c), role: c.entity_type_name })),
      identifiers: r.identifiers,
      notes: r.notes,
      videos: r.videos.map((v) => ({ uri: v.uri, title: v.title, duration: duration(v.duration) })),
      images,
      added: dateInWords(view.dateAdded),
      changed: dateInWords(view.dateChanged),
      apiUrl: r.resource_url,
    });
  }

  /** Which of these artists and labels the catalogue has, in one read (a page links only pages that exist). */
  private async known(artists: readonly number[], labels: readonly number[]): Promise<Known> {
    if (!this.deps.names || artists.length + labels.length === 0) return () => true;
    const found = await this.deps.names.names({ artists: [...new Set(artists)], labels: [...new Set(labels)], releases: [], masters: [] });
    return (kind, id) => (kind === 'artist' ? found.artists : found.labels).has(id);
  }

  /** An artist's or label's page, when the catalogue has it. */
  private link(known: Known, kind: 'artist' | 'label', id: number, name: string): string | undefined {
    return known(kind, id) ? this.web(kind, id, name) : undefined;
  }

  /** A record's images the viewer can load, at the site's own addresses (see `pageImage`). */
  private shownImages(images: readonly ApiSchema<'Image'>[], caller: Caller): ApiSchema<'Image'>[] {
    return images.flatMap((i) => {
      const uri = pageImage(i.uri, caller, this.settings.webUrl);
      return uri ? [{ ...i, uri }] : [];
    });
  }

  /** Whether the catalogue has the master (through the API's use case: the page says what the API would). */
  private async hasMaster(masterId: number, caller: Caller): Promise<boolean> {
    try {
      await this.deps.useCases.getMaster.execute({ masterId, caller });
      return true;
    } catch (e) {
      if (e instanceof NotFound) return false;
      throw e;
    }
  }

  private async master(ctx: Koa.Context): Promise<void> {
    const masterId = recordId(ctx.params.ref, 'Master Release not found.');
    const q = validateQuery(VersionsQuery, ctx.query);
    const caller = await pageCaller(this.deps.sessions, ctx);
    const [view, versions] = await Promise.all([
      this.deps.useCases.getMaster.execute({ masterId, caller }),
      this.deps.useCases.listMasterVersions.execute({
        masterId,
        caller,
        query: { ...q.toPageRequest(), format: q.format, label: q.label, released: q.released, country: q.country, sort: q.sort, sortOrder: q.sortOrder() },
      }),
    ]);
    const m = this.deps.presenter.master(view);
    const { filter_facets: facets } = this.deps.presenter.versionFilters(versions.applied, versions.facets);
    const applied = versions.applied as Readonly<Record<string, readonly string[] | undefined>>;
    const hasVersions = versions.items.length > 0 || Object.keys(applied).length > 0;
    const known = await this.known(m.artists.map((a) => a.id), []);
    await this.render(ctx, '@master', {
      title: `${m.artists.map((a) => a.anv || a.name).join(', ')} – ${m.title}`,
      canonical: m.uri,
      path: ctx.path,
      artists: m.artists.map((c) => ({ href: this.link(known, 'artist', c.id, c.name), text: c.anv || c.name, join: c.join ? ` ${c.join} ` : ', ' })),
      facts: [
        { term: 'Year', text: m.year ? String(m.year) : '' },
        { term: 'Genres', text: m.genres.join(', ') },
        { term: 'Styles', text: m.styles.join(', ') },
        // The main release is one of the versions: linked only when the catalogue has any (a dump's master may have none).
        { term: 'Main release', links: hasVersions ? [{ href: this.web('release', m.main_release, m.title), text: 'The main release' }] : [] },
        { term: 'For sale', text: m.num_for_sale ? `${m.num_for_sale} copies, from ${m.lowest_price}` : 'Nothing' },
      ] satisfies Fact[],
      tracks: m.tracklist,
      facets: facets.map((f) => ({ ...f, values: f.values.map((v) => ({ ...v, selected: applied[f.id]?.includes(v.title) === true })) })),
      sorts: VERSION_SORTS,
      sort: q.sort ?? 'released',
      sortOrder: q.sortOrder(),
      hasVersions,
      versions: versions.items.map((listing) => {
        const v = this.deps.presenter.version(listing);
        return { ...v, href: this.web('release', v.id, v.title) };
      }),
      pager: pagerLinks(ctx, `${this.settings.webUrl}${ctx.path}`, versions),
      apiUrl: m.resource_url,
    });
  }

  private async artist(ctx: Koa.Context): Promise<void> {
    const artistId = recordId(ctx.params.ref, 'Artist not found.');
    const q = validateQuery(ArtistReleasesQuery, ctx.query);
    const caller = await pageCaller(this.deps.sessions, ctx);
    const [view, releases] = await Promise.all([
      this.deps.useCases.getArtist.execute({ artistId, textFormat: 'html', caller }),
      this.deps.useCases.listArtistReleases.execute({ artistId, caller, query: { ...q.toPageRequest(), sort: q.sort, sortOrder: q.sortOrder() } }),
    ]);
    const a = this.deps.presenter.artist(view);
    const known = await this.known([...(a.aliases ?? []), ...(a.members ?? []), ...(a.groups ?? [])].map((r) => r.id), []);
    const refs = (list: readonly { id: number; name: string }[] | undefined): Link[] =>
      (list ?? []).map((r) => ({ href: this.link(known, 'artist', r.id, r.name), text: r.name }));
    await this.render(ctx, '@entity', {
      kind: 'artist',
      title: a.name,
      canonical: a.uri,
      path: ctx.path,
      cover: this.shownImages(a.images, caller)[0],
      facts: [
        { term: 'Real name', text: a.realname },
        { term: 'Also known as', text: a.namevariations.join(', ') },
        { term: 'Aliases', links: refs(a.aliases) },
        { term: 'Members', links: refs(a.members) },
        { term: 'In groups', links: refs(a.groups) },
        { term: 'Sites', links: a.urls.map((u) => ({ href: u, text: u })) },
      ] satisfies Fact[],
      profile: a.profile,
      sorts: ARTIST_RELEASE_SORTS,
      sort: q.sort ?? 'year',
      sortOrder: q.sortOrder(),
      third: 'Role',
      releases: releases.items.map((listing) => {
        const e = this.deps.presenter.artistRelease(listing);
        return {
          href: this.web(e.type, e.id, e.title),
          title: e.type === 'master' ? `${e.title} (all versions)` : e.title,
          artist: e.artist,
          third: e.role,
          format: e.type === 'release' ? e.format : '',
          year: e.year || '',
        };
      }),
      pager: pagerLinks(ctx, `${this.settings.webUrl}${ctx.path}`, releases),
      apiUrl: a.resource_url,
    });
  }

  private async label(ctx: Koa.Context): Promise<void> {
    const labelId = recordId(ctx.params.ref, 'Label not found.');
    const q = validateQuery(PageQuery, ctx.query);
    const caller = await pageCaller(this.deps.sessions, ctx);
    const [view, releases] = await Promise.all([
      this.deps.useCases.getLabel.execute({ labelId, textFormat: 'html', caller }),
      this.deps.useCases.listLabelReleases.execute({ labelId, page: q.toPageRequest(), caller }),
    ]);
    const l = this.deps.presenter.label(view);
    const contact = '_info' in l ? l._info : l.contact_info;
    const known = await this.known([], [...(l.parent_label ? [l.parent_label.id] : []), ...l.sublabels.map((s) => s.id)]);
    await this.render(ctx, '@entity', {
      kind: 'label',
      title: l.name,
      canonical: l.uri,
      path: ctx.path,
      cover: this.shownImages(l.images, caller)[0],
      facts: [
        { term: 'Parent label', links: l.parent_label ? [{ href: this.link(known, 'label', l.parent_label.id, l.parent_label.name), text: l.parent_label.name }] : [] },
        { term: 'Sublabels', links: l.sublabels.map((s) => ({ href: this.link(known, 'label', s.id, s.name), text: s.name })) },
        { term: 'Contact', text: contact },
        { term: 'Sites', links: l.urls.map((u) => ({ href: u, text: u })) },
      ] satisfies Fact[],
      profile: l.profile,
      third: 'Cat#',
      releases: releases.items.map((listing) => {
        const e = this.deps.presenter.labelRelease(listing);
        return { href: this.web('release', e.id, e.title), title: e.title, artist: e.artist, third: e.catno, format: e.format, year: e.year || '' };
      }),
      pager: pagerLinks(ctx, `${this.settings.webUrl}${ctx.path}`, releases),
      apiUrl: l.resource_url,
    });
  }

  private async search(ctx: Koa.Context): Promise<void> {
    const search = this.deps.search;
    if (!search) throw new NotFound();
    const parameters = searchParameters(ctx.query);
    const asked = Object.values(parameters).some((v) => v !== undefined && v !== '');
    const fields = [
      { name: 'artist', label: 'Artist' },
      { name: 'label', label: 'Label' },
      { name: 'genre', label: 'Genre' },
      { name: 'year', label: 'Year' },
      { name: 'country', label: 'Country' },
      { name: 'format', label: 'Format' },
    ].map((f) => ({ ...f, value: parameters[f.name] ?? '' }));
    const common = { title: 'Search', q: parameters.q ?? '', type: parameters.type ?? '', types: SEARCH_KINDS, fields };
    if (!asked) {
      await this.render(ctx, '@search', { ...common, results: undefined });
      return;
    }
    const caller = await pageCaller(this.deps.sessions, ctx);
    if (caller.kind !== 'user') {
      // The search is for callers with credentials, as in the API: on the site, the signed-in.
      ctx.status = 303;
      ctx.redirect(`${this.settings.webUrl}/signin?next=${encodeURIComponent(ctx.originalUrl)}`);
      return;
    }
    const page = validateQuery(PageQuery, ctx.query).toPageRequest();
    const found = await search.execute({ caller, parameters, page });
    await this.render(ctx, '@search', {
      ...common,
      title: parameters.q ? `Search: ${parameters.q}` : 'Search',
      results: found.items.map((hit) => {
        const r = this.deps.searchPresenter.result(hit);
        const detail = 'year' in r ? [r.year, 'country' in r ? r.country : ''].filter(Boolean).join(' · ') : '';
        // A result's `uri` is the record's page, written relative as the public API writes it.
        return { href: r.uri.startsWith('/') ? `${this.settings.webUrl}${r.uri}` : r.uri, title: r.title, kind: r.type, detail };
      }),
      pager: pagerLinks(ctx, `${this.settings.webUrl}${ctx.path}`, found),
    });
  }
}

/** The id of a record page's path segment (`1` or `1-Slug`); anything else is the record's 404. */
export function recordId(ref: string | undefined, message: string): number {
  return pathId(REF.exec(ref ?? '')?.[1], () => new NotFound(message));
}

/** Seconds as `m:ss`. */
function duration(seconds: number): string {
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}
