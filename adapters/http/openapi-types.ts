// Generated from docs/openapi.yaml by `npm run openapi:types` (openapi-typescript). Do not edit: change the
// document and run the script again (a test fails while this file is not what the document gives).
/* eslint-disable */

/** The spec dialect's shapes. */
export namespace SpecDialect {
  export type paths = Record<string, never>;
  export type webhooks = Record<string, never>;
  export interface components {
      schemas: {
          Message: {
              message: string;
          };
          Health: {
              /** @constant */
              status: "ok";
          };
          Readiness: {
              /** @enum {string} */
              status: "ready" | "not ready";
              /** @description The required checks that failed (what takes the process out of the balancer) */
              not_ready: string[];
              checks: {
                  /** @description database, job worker, redis */
                  name: string;
                  ready: boolean;
                  /** @description Whether this check failing makes the process not ready (Redis only when rate limiting fails closed) */
                  required: boolean;
                  /** @description Why it is not ready; only when it is not */
                  reason?: string;
              }[];
          };
          /** @enum {string} */
          Currency: "USD" | "GBP" | "EUR" | "CAD" | "AUD" | "JPY" | "CHF" | "MXN" | "BRL" | "NZD" | "SEK" | "ZAR";
          /**
           * Format: date-time
           * @description ISO 8601 with a numeric offset: 2020-08-06T10:00:00+00:00
           */
          Timestamp: string;
          /** @description UTC to the second, without an offset, as the spec writes export and upload times: 2026-11-23T10:05:30 */
          JobTimestamp: string;
          Pagination: {
              page: number;
              pages: number;
              per_page: number;
              /** @description The number of items across all pages: exact, except on GET /database/search for a question of several words or fields whose page was found without matching every block of the index, where it is an estimate (at least every record up to the end of the page; ADR 0062). Pages past the 1,000th record are evaluated in full and carry the exact count */
              items: number;
              /** @description Only the links that apply (first and prev after page 1, next and last before the last page) */
              urls: {
                  first?: string;
                  prev?: string;
                  next?: string;
                  last?: string;
              };
          };
          Price: {
              currency: components["schemas"]["Currency"];
              /** @description Major units (12.5 is 12.50) */
              value: number;
          };
          NullablePrice: components["schemas"]["Price"] | null;
          /** @description A user as an order, a cart or a list names them: the login as `name` and `username` in the spec dialect, `username` alone in the Discogs one */
          UserLogin: {
              id: number;
              /** @description The login (spec dialect only) */
              name: string;
              username: string;
              resource_url: string;
          };
          /** @description An artist credited on a release, master or track; resource_url is empty for a credit without an artist id */
          ArtistCredit: {
              id: number;
              name: string;
              anv: string;
              join: string;
              role: string;
              tracks: string;
              resource_url: string;
          };
          /** @description An image; uri, uri150 and resource_url are linked for authenticated callers where the file exists, empty otherwise */
          Image: {
              /** @enum {string} */
              type: "primary" | "secondary";
              uri: string;
              uri150: string;
              resource_url: string;
              height: number;
              width: number;
          };
          Video: {
              uri: string;
              title: string;
              description: string;
              duration: number;
              embed: boolean;
          };
          /** @description A label, series or company of a release */
          Entity: {
              id: number;
              name: string;
              catno: string;
              /** @description "1" label, "22" series, others companies */
              entity_type: string;
              entity_type_name: string;
              resource_url: string;
          };
          Track: {
              position: string;
              /** @enum {string} */
              type_: "track" | "heading" | "index";
              title: string;
              duration: string;
              /** @description Only when the track has its own artists */
              artists?: components["schemas"]["ArtistCredit"][];
              /** @description Only when the track has credits */
              extraartists?: components["schemas"]["ArtistCredit"][];
              /** @description Only on an index track with sub-tracks */
              sub_tracks?: components["schemas"]["Track"][];
          };
          /** @description A release (GET /releases/{id}); also each entry of a user's submissions and contributions */
          Release: {
              id: number;
              status: string;
              /** @description 0 when unknown */
              year: number;
              resource_url: string;
              uri: string;
              artists: components["schemas"]["ArtistCredit"][];
              artists_sort: string;
              labels: components["schemas"]["Entity"][];
              series: components["schemas"]["Entity"][];
              companies: components["schemas"]["Entity"][];
              formats: {
                  name: string;
                  qty: string;
                  /** @description Only when the format has free text */
                  text?: string;
                  descriptions: string[];
              }[];
              data_quality: string;
              community: {
                  have: number;
                  want: number;
                  rating: components["schemas"]["RatingFigures"];
                  /** @description Who first submitted the release (from its edit history); null when unknown, as for releases loaded from the dumps */
                  submitter: components["schemas"]["CommunityUser"] | null;
                  /** @description Everyone who edited the release, the submitter first */
                  contributors: components["schemas"]["CommunityUser"][];
                  data_quality: string;
                  status: string;
              };
              format_quantity: number;
              date_added: components["schemas"]["Timestamp"];
              date_changed: components["schemas"]["Timestamp"];
              num_for_sale: number;
              /** @description In curr_abbr; null when nothing is for sale */
              lowest_price: number | null;
              /** @description Absent when the release has no master. */
              master_id?: number;
              /** @description Absent when the release has no master. */
              master_url?: string;
              title: string;
              country: string;
              released: string;
              /** @description In the negotiated text format. */
              notes: string;
              released_formatted: string;
              identifiers: {
                  type: string;
                  value: string;
                  /** @description Only when the identifier has one */
                  description?: string;
              }[];
              videos: components["schemas"]["Video"][];
              genres: string[];
              styles: string[];
              tracklist: components["schemas"]["Track"][];
              extraartists: components["schemas"]["ArtistCredit"][];
              images: components["schemas"]["Image"][];
              thumb: string;
              /** @description Grams */
              estimated_weight: number;
              blocked_from_sale: boolean;
          };
          CommunityUser: {
              /** @description The login (spec dialect only) */
              name?: string;
              username: string;
              resource_url: string;
          };
          RatingFigures: {
              count: number;
              /** @description Mean rounded to two decimals; 0 when nobody rated */
              average: number;
          };
          Master: {
              id: number;
              main_release: number;
              /** @description The version released last (by release date, then id); null without versions */
              most_recent_release: number | null;
              main_release_url: string;
              most_recent_release_url: string | null;
              versions_url: string;
              resource_url: string;
              uri: string;
              /** @description Copies of every version for sale */
              num_for_sale: number;
              /** @description In curr_abbr; null when nothing is for sale */
              lowest_price: number | null;
              images: components["schemas"]["Image"][];
              genres: string[];
              styles: string[];
              year: number;
              /** @description The main release's */
              tracklist: components["schemas"]["Track"][];
              artists: components["schemas"]["ArtistCredit"][];
              title: string;
              data_quality: string;
              videos: components["schemas"]["Video"][];
          };
          CollectionCounts: {
              in_wantlist: number;
              in_collection: number;
          };
          /** @description How many users hold and want the record (community), and whether the caller does (user; zeros for a caller who is not a user) */
          Stats: {
              community: components["schemas"]["CollectionCounts"];
              user: components["schemas"]["CollectionCounts"];
          };
          Version: {
              id: number;
              label: string;
              country: string;
              title: string;
              major_formats: string[];
              format: string;
              catno: string;
              released: string;
              status: string;
              resource_url: string;
              thumb: string;
              stats: components["schemas"]["Stats"];
          };
          /** @description The filters applied (as given) and, per facet, each value the master's versions have with how many have it */
          VersionFilters: {
              applied: {
                  format?: string[];
                  label?: string[];
                  country?: string[];
                  released?: string[];
              };
              available: {
                  format: {
                      [key: string]: number;
                  };
                  label: {
                      [key: string]: number;
                  };
                  country: {
                      [key: string]: number;
                  };
                  released: {
                      [key: string]: number;
                  };
              };
          };
          VersionFacet: {
              /** @enum {string} */
              title: "Format" | "Label" | "Country" | "Released";
              /** @enum {string} */
              id: "format" | "label" | "country" | "released";
              values: {
                  title: string;
                  /** @description The value form-encoded, as a query string takes it */
                  value: string;
                  count: number;
              }[];
              /** @constant */
              allows_multiple_values: true;
          };
          NamedRef: {
              id: number;
              name: string;
              resource_url: string;
          };
          Artist: {
              id: number;
              name: string;
              resource_url: string;
              uri: string;
              releases_url: string;
              images: components["schemas"]["Image"][];
              realname: string;
              /** @description In the negotiated text format. */
              profile: string;
              urls: string[];
              namevariations: string[];
              data_quality: string;
              /** @description Only when the artist has aliases */
              aliases?: components["schemas"]["NamedRef"][];
              /** @description Only when the artist is in groups. Without the public API's `active`: the dumps do not say whether a member is still in the group. */
              groups?: components["schemas"]["NamedRef"][];
              /** @description Only when the artist is a group with members. Without the public API's `active`: the dumps do not say whether a member is still in the group. */
              members?: components["schemas"]["NamedRef"][];
          };
          /** @description A master (type master, with main_release) or a release without a master (type release, with format, label and status) of an artist */
          ArtistRelease: {
              id: number;
              title: string;
              /** @constant */
              type: "master";
              artist: string;
              /** @description Main, Appearance, TrackAppearance or a release credit such as Producer */
              role: string;
              year: number;
              thumb: string;
              resource_url: string;
              stats: components["schemas"]["Stats"];
              main_release: number;
          } | {
              id: number;
              title: string;
              /** @constant */
              type: "release";
              artist: string;
              /** @description Main, Appearance, TrackAppearance or a release credit such as Producer */
              role: string;
              year: number;
              thumb: string;
              resource_url: string;
              stats: components["schemas"]["Stats"];
              format: string;
              label: string;
              status: string;
          };
          Label: {
              id: number;
              name: string;
              resource_url: string;
              uri: string;
              releases_url: string;
              images: components["schemas"]["Image"][];
              /** @description Contact text (contact_info in the Discogs dialect). */
              _info: string;
              /** @description In the negotiated text format. */
              profile: string;
              data_quality: string;
              urls: string[];
              sublabels: components["schemas"]["NamedRef"][];
              /** @description Only when the label has a parent */
              parent_label?: components["schemas"]["NamedRef"];
          };
          LabelRelease: {
              id: number;
              title: string;
              artist: string;
              catno: string;
              format: string;
              year: number;
              status: string;
              thumb: string;
              resource_url: string;
              stats: components["schemas"]["Stats"];
          };
          SearchFormat: {
              name: string;
              qty: string;
              /** @description Only when the format has free text */
              text?: string;
              descriptions: string[];
          };
          /** @description Whether the calling user holds the record (authenticated users only) */
          SearchUserData: {
              in_wantlist: boolean;
              in_collection: boolean;
          };
          SearchCommunity: {
              want: number;
              have: number;
          };
          /** @description A result, by type. Every result has id, type, title, thumb and cover_image (the primary image, '' without one), master_id and master_url, uri (the web page's path, relative), resource_url, and user_data for a calling user. Releases and masters add country, year (a string, '' when unknown), format, label, genre, style, catno, barcode and community; releases add formats and format_quantity. Artists and labels carry those keys with empty values in the spec dialect and not at all in the Discogs dialect, as the public API. */
          SearchResult: {
              id: number;
              /** @constant */
              type: "release";
              /** @description Artist - Title */
              title: string;
              thumb: string;
              cover_image: string;
              country: string;
              /** @description Empty when unknown */
              year: string;
              format: string[];
              label: string[];
              genre: string[];
              style: string[];
              catno: string;
              barcode: string[];
              formats: components["schemas"]["SearchFormat"][];
              format_quantity: number;
              /** @description null for a release without a master */
              master_id: number | null;
              /** @description null for a release without a master */
              master_url: string | null;
              uri: string;
              resource_url: string;
              community: components["schemas"]["SearchCommunity"];
              user_data?: components["schemas"]["SearchUserData"];
          } | {
              id: number;
              /** @constant */
              type: "master";
              /** @description Artist - Title */
              title: string;
              thumb: string;
              cover_image: string;
              country: string;
              /** @description Empty when unknown */
              year: string;
              format: string[];
              label: string[];
              genre: string[];
              style: string[];
              catno: string;
              barcode: string[];
              /** @description The master itself */
              master_id: number;
              master_url: string;
              uri: string;
              resource_url: string;
              community: components["schemas"]["SearchCommunity"];
              user_data?: components["schemas"]["SearchUserData"];
          } | {
              id: number;
              /** @enum {string} */
              type: "artist" | "label";
              /** @description The name */
              title: string;
              thumb: string;
              cover_image: string;
              /** @constant */
              country: "";
              /** @constant */
              year: "";
              format: unknown[];
              label: unknown[];
              genre: unknown[];
              style: unknown[];
              /** @constant */
              catno: "";
              master_id: null;
              master_url: null;
              uri: string;
              resource_url: string;
              community: components["schemas"]["SearchCommunity"];
              user_data?: components["schemas"]["SearchUserData"];
          };
          /** @description A user's profile. The login is `name` and `username` in the spec dialect, `username` in the Discogs one, where `name` is the real name (`real_name` in the spec dialect). num_collection and num_wantlist only when the collection or wantlist is public or the caller is the user; email to the user alone. */
          Profile: {
              /** @description In the negotiated text format. */
              profile: string;
              wantlist_url: string;
              rank: number;
              num_pending: number;
              id: number;
              num_for_sale: number;
              home_page: string;
              location: string;
              collection_folders_url: string;
              /** @description The login (spec dialect only) */
              name: string;
              username: string;
              collection_fields_url: string;
              releases_contributed: number;
              registered: components["schemas"]["Timestamp"];
              /** @description The mean of the releases the user rated; 0 when none */
              rating_avg: number;
              num_collection?: number;
              releases_rated: number;
              num_lists: number;
              /** @description The real name (`name` in the Discogs dialect) */
              real_name: string;
              num_wantlist?: number;
              inventory_url: string;
              avatar_url: string;
              banner_url: string;
              uri: string;
              resource_url: string;
              /** @description Percent positive; 0 without feedback */
              buyer_rating: number;
              /** @description 0 without feedback */
              buyer_rating_stars: number;
              buyer_num_ratings: number;
              /** @description Percent positive; 0 without feedback */
              seller_rating: number;
              /** @description 0 without feedback */
              seller_rating_stars: number;
              seller_num_ratings: number;
              curr_abbr: components["schemas"]["Currency"];
              /**
               * @description Every account is active (there is no activation step)
               * @constant
               */
              activated: true;
              /**
               * @description No account is suspended from the marketplace
               * @constant
               */
              marketplace_suspended: false;
              /**
               * @description There are no staff accounts
               * @constant
               */
              is_staff: false;
              /** @description To the user alone */
              email?: string;
              /** @description To the user alone: the entries of the user's order logs the other party wrote since the user last read that log */
              num_unread?: number;
          };
          Folder: {
              id: number;
              count: number;
              name: string;
              resource_url: string;
          };
          /** @description The release as collection and wantlist items show it; a release the catalogue no longer holds keeps its id, with empty fields */
          BasicInformation: {
              id: number;
              /** @description 0 without a master */
              master_id: number;
              /** @description null without a master */
              master_url: string | null;
              resource_url: string;
              thumb: string;
              cover_image: string;
              title: string;
              year: number;
              formats: {
                  name: string;
                  qty: string;
                  /** @description Only when the format has free text */
                  text?: string;
                  /** @description Only when there are some */
                  descriptions?: string[];
              }[];
              labels: {
                  name: string;
                  catno: string;
                  entity_type: string;
                  entity_type_name: string;
                  id: number;
                  resource_url: string;
              }[];
              artists: components["schemas"]["ArtistCredit"][];
              genres: string[];
              styles: string[];
          };
          Instance: {
              /** @description The release id */
              id: number;
              instance_id: number;
              folder_id: number;
              rating: number;
              date_added: components["schemas"]["Timestamp"];
              basic_information: components["schemas"]["BasicInformation"];
              /** @description The values of the notes fields (public fields only to others) */
              notes: {
                  field_id: number;
                  value: string;
              }[];
          };
          InstancePage: {
              pagination: components["schemas"]["Pagination"];
              releases: components["schemas"]["Instance"][];
          };
          /** @description A notes field of a collection; a dropdown has options, a textarea lines */
          NotesField: {
              id: number;
              name: string;
              /** @constant */
              type: "dropdown";
              position: number;
              public: boolean;
              options: string[];
          } | {
              id: number;
              name: string;
              /** @constant */
              type: "textarea";
              position: number;
              public: boolean;
              lines: number;
          };
          Want: {
              /** @description The release id */
              id: number;
              resource_url: string;
              rating: number;
              date_added: components["schemas"]["Timestamp"];
              basic_information: components["schemas"]["BasicInformation"];
              /** @description To the owner alone */
              notes?: string;
              /** @description Whether the notes are shown to others (false until set) */
              notes_public: boolean;
          };
          /** @description A user's rating of a release; 0 when the user has not rated it */
          UserRating: {
              /** @description The rater's login (spec dialect only) */
              name: string;
              username: string;
              release_id: number;
              rating: number;
          };
          CommunityRating: {
              rating: components["schemas"]["RatingFigures"];
              release_id: number;
          };
          /** @description The value first, then the currency, as the public API orders them */
          Fee: {
              value: number;
              currency: components["schemas"]["Currency"];
          };
          /** @description One entry per media condition (Mint (M) through Poor (P)) in the seller's currency; empty when there is nothing to go by */
          PriceSuggestions: {
              "Mint (M)"?: components["schemas"]["Price"];
              "Near Mint (NM or M-)"?: components["schemas"]["Price"];
              "Very Good Plus (VG+)"?: components["schemas"]["Price"];
              "Very Good (VG)"?: components["schemas"]["Price"];
              "Good Plus (G+)"?: components["schemas"]["Price"];
              "Good (G)"?: components["schemas"]["Price"];
              "Fair (F)"?: components["schemas"]["Price"];
              "Poor (P)"?: components["schemas"]["Price"];
          };
          MarketStats: {
              /** @description Null when nothing is for sale or the release is blocked */
              lowest_price: components["schemas"]["NullablePrice"];
              /** @description Null when nothing is for sale or the release is blocked */
              num_for_sale: number | null;
              blocked_from_sale: boolean;
          };
          /** @enum {string} */
          ListingCondition: "Mint (M)" | "Near Mint (NM or M-)" | "Very Good Plus (VG+)" | "Very Good (VG)" | "Good Plus (G+)" | "Good (G)" | "Fair (F)" | "Poor (P)";
          /** @enum {string} */
          SleeveCondition: "Mint (M)" | "Near Mint (NM or M-)" | "Very Good Plus (VG+)" | "Very Good (VG)" | "Good Plus (G+)" | "Good (G)" | "Fair (F)" | "Poor (P)" | "Generic" | "Not Graded" | "No Cover";
          /** @enum {string} */
          ListingStatus: "For Sale" | "Draft" | "Expired" | "Sold" | "Suspended" | "Deleted" | "Violation";
          /** @description A listing body (create and edit). Numbers may be sent as text; a form-encoded body or query parameters are read too (the body wins). An edit sends only the fields it changes. null or "" clears an optional field. */
          ListingFields: {
              /** @description Required on create; a stored release not blocked from sale */
              release_id?: number | string;
              condition?: components["schemas"]["ListingCondition"];
              /** @enum {string|null} */
              sleeve_condition?: "Mint (M)" | "Near Mint (NM or M-)" | "Very Good Plus (VG+)" | "Very Good (VG)" | "Good Plus (G+)" | "Good (G)" | "Fair (F)" | "Poor (P)" | "Generic" | "Not Graded" | "No Cover" | "" | null;
              /** @description Required on create; in the seller's profile currency (or the edit's curr_abbr), with at most that currency's decimals */
              price?: number | string;
              /** @description In the markup format */
              comments?: string;
              /** @default false */
              allow_offers: boolean | string | number;
              /**
               * @default For Sale
               * @enum {string}
               */
              status: "For Sale" | "Draft";
              external_id?: string | null;
              location?: string | null;
              /** @description Grams; auto estimates it from the release formats */
              weight?: number | "auto" | null;
              /** @description auto counts the release formats */
              format_quantity?: number | "auto" | null;
          };
          /** @description The price in the listing's own currency */
          OriginalPrice: {
              curr_abbr: components["schemas"]["Currency"];
              /** @description USD 1, GBP 2, EUR 3, CAD 4, AUD 5, JPY 6, CHF 7, MXN 8, BRL 9, NZD 10, SEK 11, ZAR 12 */
              curr_id: number;
              /** @example $12.50 */
              formatted: string;
              value: number;
          };
          /** @description The listed release; images for an authenticated caller only */
          ListingRelease: {
              id: number;
              /** @description Artist - Title (Format); empty for a release the catalogue lacks */
              description: string;
              artist: string;
              title: string;
              format: string;
              year: number;
              catalog_number: string;
              resource_url: string;
              thumbnail: string;
              /** @description Authenticated callers only */
              images?: components["schemas"]["Image"][];
              stats: components["schemas"]["Stats"];
          };
          ListingSeller: {
              id: number;
              /** @description The login (spec dialect only) */
              name: string;
              username: string;
              resource_url: string;
              /** @description The seller's profile in the API (as the public API writes it) */
              url: string;
              /** @description The seller's web page */
              html_url: string;
              /** @description The seller's id again */
              uid: number;
              avatar_url: string;
              /** @description The seller's minimum order, in the seller's currency; 0 when none */
              min_order_total: number;
              /** @description The seller's shipping terms, in the negotiated text format */
              shipping: string;
              /** @description The seller's payment terms, in the negotiated text format */
              payment: string;
              stats: {
                  /**
                   * @description Percent positive with one decimal; "0" when none
                   * @example 100.0
                   */
                  rating: string;
                  stars: number;
                  total: number;
              };
          };
          EmptyObject: Record<string, never>;
          /** @description A listing (GET /marketplace/listings/{id}, and each entry of an inventory). shipping_price and original_shipping_price are the seller's price to the caller's destination (their profile location; the default rate for others), {} when the seller priced no shipping. weight, format_quantity, external_id, location and quantity (always 1) only to its seller; in_cart only to a user. */
          Listing: {
              id: number;
              resource_url: string;
              /** @description {web_url}/sell/item/{id} */
              uri: string;
              status: components["schemas"]["ListingStatus"];
              /** @description In curr_abbr when asked, else the caller's profile currency (USD for others), converted */
              price: components["schemas"]["Price"];
              original_price: components["schemas"]["OriginalPrice"];
              /** @description In the currency of price; {} when the seller priced no shipping */
              shipping_price: components["schemas"]["Price"] | components["schemas"]["EmptyObject"];
              /** @description In the seller's currency; {} when the seller priced no shipping */
              original_shipping_price: components["schemas"]["OriginalPrice"] | components["schemas"]["EmptyObject"];
              allow_offers: boolean;
              condition: components["schemas"]["ListingCondition"];
              /** @description Empty when none */
              sleeve_condition: components["schemas"]["SleeveCondition"] | "";
              posted: components["schemas"]["Timestamp"];
              /** @description The seller's profile location */
              ships_from: string;
              /** @description In the negotiated text format */
              comments: string;
              seller: components["schemas"]["ListingSeller"];
              release: components["schemas"]["ListingRelease"];
              audio: boolean;
              /** @description The seller's alone */
              weight?: number | null;
              /** @description The seller's alone */
              format_quantity?: number | null;
              /** @description The seller's alone */
              external_id?: string | null;
              /** @description The seller's alone */
              location?: string | null;
              /**
               * @description The seller's alone
               * @enum {integer}
               */
              quantity?: 1;
              /** @description To a user alone */
              in_cart?: boolean;
          };
          ListingCreated: {
              listing_id: number;
              resource_url: string;
          };
          /** @description A seller's settings: terms as written (markup), shipping prices by destination, minimum order */
          SellerSettings: {
              /** @description The login (spec dialect only) */
              name: string;
              username: string;
              curr_abbr: components["schemas"]["Currency"];
              payment: string;
              shipping: string;
              /** @description Per order, by destination: `default` (everyone else), a region (europe, north america, …) or a country code; in `currency`. null when the seller priced no shipping. */
              shipping_price: ({
                  currency: components["schemas"]["Currency"];
                  /** @description Every destination not named */
                  default: number;
              } & {
                  [key: string]: number;
              }) | null;
              /** @description In curr_abbr; 0 when none */
              min_order_total: number;
              /** @description Whether the settings are complete enough to sell (currency and terms) */
              is_seller: boolean;
              updated: components["schemas"]["Timestamp"] | null;
          };
          SellerSettingsChange: {
              curr_abbr?: components["schemas"]["Currency"];
              payment?: string;
              shipping?: string;
              /** @description A flat amount; `destination=amount` pairs as text (`default=5, GB=2.50, europe=8`); or an object of destination → amount. null or "" removes the prices. */
              shipping_price?: number | string | {
                  [key: string]: number | string;
              } | null;
              min_order_total?: number | string | null;
          };
          /** @description A list as a user's lists show it */
          ListSummary: {
              date_added: components["schemas"]["Timestamp"];
              date_changed: components["schemas"]["Timestamp"];
              name: string;
              id: number;
              uri: string;
              resource_url: string;
              public: boolean;
              description: string;
              image_url: string;
          };
          /** @description An entry of a list; releases and masters carry stats (how many hold and want it, and whether the caller does) */
          ListItem: {
              id: number;
              /** @enum {string} */
              type: "release" | "master" | "artist" | "label";
              display_title: string;
              comment: string;
              uri: string;
              resource_url: string;
              /** @description The record's primary image; '' without one */
              image_url: string;
              /** @description Releases and masters only */
              stats?: components["schemas"]["Stats"];
          };
          /** @description One list; `list_id`, `created_ts`, `modified_ts` and `url` repeat `id`, `date_added`, `date_changed` and `uri` under the keys the public API's documentation names */
          UserList: {
              id: number;
              list_id: number;
              name: string;
              /** @description In the negotiated text format */
              description: string;
              public: boolean;
              date_added: components["schemas"]["Timestamp"];
              date_changed: components["schemas"]["Timestamp"];
              created_ts: components["schemas"]["Timestamp"];
              modified_ts: components["schemas"]["Timestamp"];
              uri: string;
              url: string;
              resource_url: string;
              image_url: string;
              user: {
                  id: number;
                  /** @description The login (spec dialect only) */
                  name: string;
                  username: string;
                  resource_url: string;
                  avatar_url: string;
              };
              items: components["schemas"]["ListItem"][];
          };
          /** @description The caller's cart, by seller (in the order each seller's first listing was put in) */
          Cart: {
              currency: components["schemas"]["Currency"];
              /** @description How many listings the cart holds (at most 100) */
              count: number;
              sellers: {
                  seller: components["schemas"]["UserLogin"];
                  currency: components["schemas"]["Currency"];
                  items: {
                      listing_id: number;
                      resource_url: string;
                      release: {
                          id: number;
                          resource_url: string;
                      };
                      /** @description The listing's status now */
                      status: components["schemas"]["ListingStatus"];
                      /** @description Whether it can still be bought (For Sale) */
                      buyable: boolean;
                      condition: components["schemas"]["ListingCondition"];
                      sleeve_condition: components["schemas"]["SleeveCondition"] | null;
                      price: components["schemas"]["Price"];
                      /** @description The price in the caller's currency; null when the rate table lacks a rate */
                      buyer_price: components["schemas"]["NullablePrice"];
                      added: components["schemas"]["Timestamp"];
                  }[];
                  /** @description The buyable listings' prices in the seller's currency: what the order's total would be */
                  total: components["schemas"]["NullablePrice"];
                  /** @description The same in the caller's currency */
                  buyer_total: components["schemas"]["NullablePrice"];
              }[];
          };
          CartItem: {
              listing_id: number;
              resource_url: string;
              /** @constant */
              in_cart: true;
          };
          /**
           * @description The spec's spelling; `Buyer Contacted` is accepted in requests for `Buyer ed`, and answers write it so in the Discogs dialect
           * @enum {string}
           */
          OrderStatus: "New Order" | "Buyer ed" | "Invoice Sent" | "Payment Pending" | "Payment Received" | "In Progress" | "Shipped" | "Refund Sent" | "Cancelled (Non-Paying Buyer)" | "Cancelled (Item Unavailable)" | "Cancelled (Per Buyer's Request)";
          OrderReference: {
              id: string;
              resource_url: string;
          };
          /** @enum {string} */
          FeedbackRating: "positive" | "neutral" | "negative";
          /** @description One party's feedback on the other (beyond the spec), as its giver reads it back */
          OrderFeedback: {
              order: components["schemas"]["OrderReference"];
              /**
               * @description Who gave it
               * @enum {string}
               */
              from: "buyer" | "seller";
              rating: components["schemas"]["FeedbackRating"];
              comment: string;
              timestamp: components["schemas"]["Timestamp"];
          };
          GivenFeedback: null | {
              rating: components["schemas"]["FeedbackRating"];
              comment: string;
              timestamp: components["schemas"]["Timestamp"];
          };
          OrderItemRelease: {
              id: number;
              /** @description Artist - Title (Format); empty for a release the catalogue lacks */
              description: string;
              resource_url: string;
              thumbnail: string;
          };
          /** @description What the seller charges for shipping (0 until set) and how they ship ("" until set) */
          OrderShipping: {
              currency: components["schemas"]["Currency"];
              method: string;
              value: number;
          };
          /** @description Beyond the spec; the refunds recorded as sent and as received, added */
          OrderRefunds: {
              sent: components["schemas"]["Price"];
              received: components["schemas"]["Price"];
          };
          OrderItem: {
              /** @description The listing sold */
              id: number;
              release: components["schemas"]["OrderItemRelease"];
              price: components["schemas"]["Price"];
              /** @description Single-order reads only */
              media_condition?: components["schemas"]["ListingCondition"];
              /** @description Single-order reads only; empty when none */
              sleeve_condition?: components["schemas"]["SleeveCondition"] | "";
          };
          /** @description An order, to its seller or its buyer (ADR 0021). total, fee, shipping and refunds in the order's currency (the seller's at the sale), each item's price in its listing's own. fee to the seller alone. The checkout answers each order as the buyer reads it. */
          Order: {
              /** @description <seller id>-<the seller's order number> */
              id: string;
              resource_url: string;
              /** @description {base_url}/marketplace/orders/{id}/messages */
              messages_url: string;
              /** @description {web_url}/sell/order/{id} */
              uri: string;
              status: components["schemas"]["OrderStatus"];
              /** @description The statuses the caller may move the order to: the seller's or the buyer's row of the transition table */
              next_status: components["schemas"]["OrderStatus"][];
              /** @description The marketplace fee (the fee rule at the time of sale); to the seller only */
              fee?: components["schemas"]["Price"];
              created: components["schemas"]["Timestamp"];
              items: (components["schemas"]["OrderItem"] & unknown)[];
              shipping: components["schemas"]["OrderShipping"];
              /** @description Multi-line address text (personal data; the parties alone read an order) */
              shipping_address: string;
              additional_instructions: string;
              archived: boolean;
              seller: components["schemas"]["UserLogin"];
              last_activity: components["schemas"]["Timestamp"];
              buyer: components["schemas"]["UserLogin"];
              /** @description The items' prices converted into the order's currency, added, plus shipping: it moves whenever shipping is set */
              total: components["schemas"]["Price"];
              refunds: components["schemas"]["OrderRefunds"];
              /** @description Beyond the spec; the feedback the buyer and the seller gave on the order (null until given) */
              feedback: {
                  buyer: components["schemas"]["GivenFeedback"];
                  seller: components["schemas"]["GivenFeedback"];
              };
          };
          /** @description An order as lists show it, without its items' conditions and without feedback */
          OrderSummary: {
              id: string;
              resource_url: string;
              messages_url: string;
              uri: string;
              status: components["schemas"]["OrderStatus"];
              next_status: components["schemas"]["OrderStatus"][];
              /** @description To the seller only */
              fee?: components["schemas"]["Price"];
              created: components["schemas"]["Timestamp"];
              items: {
                  id: number;
                  release: components["schemas"]["OrderItemRelease"];
                  price: components["schemas"]["Price"];
              }[];
              shipping: components["schemas"]["OrderShipping"];
              shipping_address: string;
              additional_instructions: string;
              archived: boolean;
              seller: components["schemas"]["UserLogin"];
              last_activity: components["schemas"]["Timestamp"];
              buyer: components["schemas"]["UserLogin"];
              total: components["schemas"]["Price"];
              refunds: components["schemas"]["OrderRefunds"];
          };
          /** @description A party as the message log names who acted */
          OrderActor: {
              /** @description The login (spec dialect only) */
              name: string;
              username: string;
              resource_url: string;
          };
          /** @description One entry of an order's message log. `message` is written when read, in the reader's dialect. The extra fields by type: message (from), status (status_id, actor), shipping (original, new), refund_sent and refund_received (refund); every type has `to` (beyond the spec), the other party, who the entry was written to. */
          OrderMessage: {
              /** @enum {string} */
              type: "message" | "status" | "shipping" | "refund_sent" | "refund_received";
              timestamp: components["schemas"]["Timestamp"];
              /** @example Seller changed status from Payment Received to Shipped */
              message: string;
              /**
               * @description type message: New Message - Order #{id} - {first item's title} (+ N more items); '' for the other types, as the public API writes them
               * @example New Message - Order #42-7 - Wizard - Night Drive
               */
              subject: string;
              order: components["schemas"]["OrderReference"];
              to: components["schemas"]["UserLogin"];
              /** @description type message: who wrote it */
              from?: {
                  id: number;
                  /** @description The login (spec dialect only) */
                  name: string;
                  username: string;
                  resource_url: string;
                  avatar_url: string;
              };
              /** @description type status: the new status's number as the public API's documented log numbers them: New Order 1, Buyer Contacted 2, Invoice Sent 3, Payment Pending 4, Payment Received 5, Shipped 6, Refund Sent 7, the three Cancelled 8, 9, 10, In Progress 11 */
              status_id?: number;
              /** @description type status: who changed it */
              actor?: components["schemas"]["OrderActor"];
              /** @description type shipping: the amount before */
              original?: number;
              /** @description type shipping: the amount set */
              new?: number;
              /** @description types refund_sent, refund_received */
              refund?: {
                  amount: number;
                  order: components["schemas"]["OrderReference"];
              };
          };
          /** @description The answer to adding a message (the spec's reply); `message` starts with the status sentence when a status was given */
          OrderMessageReply: {
              from: components["schemas"]["OrderActor"];
              message: string;
              order: components["schemas"]["OrderReference"];
              timestamp: components["schemas"]["Timestamp"];
              /**
               * @description {Brand} Order #{id}, {first item's title}
               * @example Service Order #42-7, Wizard - Night Drive
               */
              subject: string;
              /**
               * @description The entry written: a message, or a status change when only a status was given
               * @enum {string}
               */
              type: "message" | "status";
          };
          /** @description An inventory export (the spec's record). Times are UTC without an offset, as the spec writes export and upload times. The download address is null until the export succeeded, when it failed, and once its file expired (EXPORT_RETENTION_HOURS). The spec names it _url; the spec dialect writes both _url and download_url, the Discogs dialect download_url alone. */
          InventoryExport: {
              id: number;
              /** @enum {string} */
              status: "pending" | "processing" | "success" | "failed";
              created_ts: components["schemas"]["JobTimestamp"];
              /** @description Null until it ends */
              finished_ts: components["schemas"]["JobTimestamp"] | null;
              /** @description The export itself: {base_url}/inventory/export/{id} */
              url: string;
              /** @description Spec dialect: {base_url}/inventory/export/{id}/download, or null */
              _url: string | null;
              /** @description {base_url}/inventory/export/{id}/download, or null */
              download_url: string | null;
              /** @example sam-inventory-20261123-1005.csv */
              filename: string;
          };
          /** @description An inventory upload (the spec's upload record). Times are UTC without an offset. results is empty until the upload ends; then, as the public API writes it, "CSV file contains N records.<p>Processed N records." (a failed upload: Processed 0 records, then its problems, one per line). */
          InventoryUpload: {
              id: number;
              /** @enum {string} */
              status: "pending" | "processing" | "success" | "failed";
              /** @enum {string} */
              type: "add" | "change" | "delete";
              /** @example CSV file contains 3 records.<p>Processed 3 records. */
              results: string;
              created_ts: components["schemas"]["JobTimestamp"];
              /** @description Null until it ends */
              finished_ts: components["schemas"]["JobTimestamp"] | null;
              /**
               * @description The name the file was sent as
               * @example my-stock.csv
               */
              filename: string;
              /** @description {base_url}/inventory/upload/{id} */
              resource_url: string;
          };
          /** @description The calling user (`name` only in the spec dialect) */
          Identity: {
              id: number;
              name: string;
              username: string;
              resource_url: string;
              consumer_name: string;
          };
          SubmissionPage: {
              pagination: components["schemas"]["Pagination"];
              submissions: {
                  artists: components["schemas"]["Artist"][];
                  labels: components["schemas"]["Label"][];
                  releases: components["schemas"]["Release"][];
              };
          };
          ContributionPage: {
              pagination: components["schemas"]["Pagination"];
              contributions: components["schemas"]["Release"][];
          };
          ReleaseStats: {
              num_have: number;
              num_want: number;
          };
          VersionPage: {
              pagination: components["schemas"]["Pagination"];
              filters: components["schemas"]["VersionFilters"];
              filter_facets: components["schemas"]["VersionFacet"][];
              versions: components["schemas"]["Version"][];
          };
          ArtistReleasePage: {
              pagination: components["schemas"]["Pagination"];
              releases: components["schemas"]["ArtistRelease"][];
          };
          LabelReleasePage: {
              pagination: components["schemas"]["Pagination"];
              releases: components["schemas"]["LabelRelease"][];
          };
          SearchPage: {
              pagination: components["schemas"]["Pagination"];
              results: components["schemas"]["SearchResult"][];
          };
          FolderList: {
              folders: components["schemas"]["Folder"][];
          };
          InstanceAdded: {
              instance_id: number;
              /** @description {base_url}/s/{name}/collection/folders/{folder}/release/{release}/instance/{instance} */
              resource_url: string;
          };
          NotesFieldList: {
              fields: components["schemas"]["NotesField"][];
          };
          CollectionValue: {
              maximum: string;
              median: string;
              minimum: string;
          };
          WantPage: {
              pagination: components["schemas"]["Pagination"];
              wants: components["schemas"]["Want"][];
          };
          UserListPage: {
              pagination: components["schemas"]["Pagination"];
              lists: components["schemas"]["ListSummary"][];
          };
          InventoryPage: {
              pagination: components["schemas"]["Pagination"];
              listings: components["schemas"]["Listing"][];
          };
          CheckoutOrders: {
              orders: components["schemas"]["Order"][];
          };
          OrderMessagePage: {
              pagination: components["schemas"]["Pagination"];
              messages: components["schemas"]["OrderMessage"][];
          };
          InventoryExportPage: {
              items: components["schemas"]["InventoryExport"][];
              pagination: components["schemas"]["Pagination"];
          };
          InventoryUploadPage: {
              items: components["schemas"]["InventoryUpload"][];
              pagination: components["schemas"]["Pagination"];
          };
          /** @description Something that happened that concerns the user (beyond the spec): its id (a cursor: ids increase in the order events become visible, so none appears later below one already read), type, time, the user it concerns, and the resource as the API showed it to that user at that moment (an order as GET /marketplace/orders/{order_id} answers its buyer or its seller, a listing as GET /marketplace/listings/{listing_id} answers its seller, an inventory export or upload as GET /inventory/export/{id} or GET /inventory/upload/{id} answers its owner, once the job ended in success or failure, a want as GET /s/{username}/wants/{release_id} answers its owner, after it was added or edited, or as it was when removed, a collection instance as GET /s/{username}/collection/releases/{release_id} lists it to its owner, after it was added, moved, rated or noted, or as it was when removed). */
          Event: {
              id: number;
              /** @enum {string} */
              type: "order.created" | "order.status_changed" | "order.shipping_changed" | "order.message_added" | "order.refunded" | "listing.created" | "listing.changed" | "listing.sold" | "listing.deleted" | "inventory.export_finished" | "inventory.upload_finished" | "collection.changed" | "wantlist.changed";
              /** Format: date-time */
              occurred: string;
              user_id: number;
              resource: {
                  /** @enum {string} */
                  type: "order" | "listing" | "inventory_export" | "inventory_upload" | "collection" | "wantlist";
                  /** @description The resource's id as text (an order's 123-4, a listing's, an export's or an upload's number, a want's release id, a collection instance's id) */
                  id: string;
                  body: components["schemas"]["Order"] | components["schemas"]["Listing"] | components["schemas"]["InventoryExport"] | components["schemas"]["InventoryUpload"] | components["schemas"]["Want"] | components["schemas"]["Instance"];
              };
          };
          EventPage: {
              /** @description A cursor's pagination: the page size, the events on this page, and next (after this page's last id) while more follow */
              pagination: {
                  per_page: number;
                  items: number;
                  urls: {
                      next?: string;
                  };
              };
              events: components["schemas"]["Event"][];
          };
          OrderPage: {
              pagination: components["schemas"]["Pagination"];
              orders: components["schemas"]["OrderSummary"][];
          };
          /** @description A webhook subscription (its secret is never shown again after it was made) */
          Webhook: {
              id: number;
              /** @description The receiver's URL */
              url: string;
              /** @description The event types delivered to it */
              events: string[];
              /**
               * @description failing: stopped after a day of failed attempts at one event; POST /webhooks/{id}/enable turns it back on
               * @enum {string}
               */
              status: "active" | "failing";
              /** @description Why it was stopped (the last attempt's error), while failing */
              failing_reason: string | null;
              /** @description Failed attempts in a row at the next event (0 when the last succeeded) */
              failures: number;
              /**
               * Format: date-time
               * @description When the failing event is tried again, while retrying
               */
              next_attempt: string | null;
              /** @description The application that made it (OAuth), or null when the user did */
              application_id: string | null;
              /** Format: date-time */
              created: string;
              /** Format: uri */
              resource_url: string;
              /** Format: uri */
              deliveries_url: string;
          };
          /** @description A new subscription, with its signing secret (shown in this answer only) */
          NewWebhook: {
              id: number;
              /** @description The receiver's URL */
              url: string;
              /** @description The event types delivered to it */
              events: string[];
              /**
               * @description failing: stopped after a day of failed attempts at one event; POST /webhooks/{id}/enable turns it back on
               * @enum {string}
               */
              status: "active" | "failing";
              /** @description Why it was stopped (the last attempt's error), while failing */
              failing_reason: string | null;
              /** @description Failed attempts in a row at the next event (0 when the last succeeded) */
              failures: number;
              /**
               * Format: date-time
               * @description When the failing event is tried again, while retrying
               */
              next_attempt: string | null;
              /** @description The application that made it (OAuth), or null when the user did */
              application_id: string | null;
              /** Format: date-time */
              created: string;
              /** Format: uri */
              resource_url: string;
              /** Format: uri */
              deliveries_url: string;
              /** @description The HMAC-SHA256 key of the Spindle-Signature header (whsec_ and 32 letters and digits); shown only here */
              secret: string;
          };
          WebhookPage: {
              pagination: components["schemas"]["Pagination"];
              webhooks: components["schemas"]["Webhook"][];
          };
          WebhookDelivery: {
              id: number;
              /** @description The event's id (the Spindle-Event-Id header; receivers dedupe by it) */
              event_id: number;
              event_type: string;
              /** @description 1 for the first attempt at the event, counting on through its retries */
              attempt: number;
              /** @description Sent again at the owner's request */
              redelivery: boolean;
              /** Format: date-time */
              started: string;
              duration_ms: number;
              /** @enum {string} */
              outcome: "succeeded" | "failed";
              /** @description The receiver's status code, or null when none came */
              response_status: number | null;
              /** @description The start of the receiver's answer (cut at WEBHOOK_MAX_RESPONSE_BYTES) */
              response_excerpt: string;
              error: string | null;
              /** Format: uri */
              redeliver_url: string;
          };
          WebhookDeliveryPage: {
              pagination: components["schemas"]["Pagination"];
              deliveries: components["schemas"]["WebhookDelivery"][];
          };
          WebhookRedelivery: {
              message: string;
              event_id: number;
          };
      };
      responses: never;
      parameters: never;
      requestBodies: never;
      headers: never;
      pathItems: never;
  }
  export type $defs = Record<string, never>;
  export type operations = Record<string, never>;
}

/** The discogs dialect's shapes. */
export namespace DiscogsDialect {
  export type paths = Record<string, never>;
  export type webhooks = Record<string, never>;
  export interface components {
      schemas: {
          Message: {
              message: string;
          };
          Health: {
              /** @constant */
              status: "ok";
          };
          Readiness: {
              /** @enum {string} */
              status: "ready" | "not ready";
              /** @description The required checks that failed (what takes the process out of the balancer) */
              not_ready: string[];
              checks: {
                  /** @description database, job worker, redis */
                  name: string;
                  ready: boolean;
                  /** @description Whether this check failing makes the process not ready (Redis only when rate limiting fails closed) */
                  required: boolean;
                  /** @description Why it is not ready; only when it is not */
                  reason?: string;
              }[];
          };
          /** @enum {string} */
          Currency: "USD" | "GBP" | "EUR" | "CAD" | "AUD" | "JPY" | "CHF" | "MXN" | "BRL" | "NZD" | "SEK" | "ZAR";
          /**
           * Format: date-time
           * @description ISO 8601 with a numeric offset: 2020-08-06T10:00:00+00:00
           */
          Timestamp: string;
          /** @description UTC to the second, without an offset, as the spec writes export and upload times: 2026-11-23T10:05:30 */
          JobTimestamp: string;
          Pagination: {
              page: number;
              pages: number;
              per_page: number;
              /** @description The number of items across all pages: exact, except on GET /database/search for a question of several words or fields whose page was found without matching every block of the index, where it is an estimate (at least every record up to the end of the page; ADR 0062). Pages past the 1,000th record are evaluated in full and carry the exact count */
              items: number;
              /** @description Only the links that apply (first and prev after page 1, next and last before the last page) */
              urls: {
                  first?: string;
                  prev?: string;
                  next?: string;
                  last?: string;
              };
          };
          Price: {
              currency: components["schemas"]["Currency"];
              /** @description Major units (12.5 is 12.50) */
              value: number;
          };
          NullablePrice: components["schemas"]["Price"] | null;
          /** @description A user as an order, a cart or a list names them: the login as `name` and `username` in the spec dialect, `username` alone in the Discogs one */
          UserLogin: {
              id: number;
              username: string;
              resource_url: string;
          };
          /** @description An artist credited on a release, master or track; resource_url is empty for a credit without an artist id */
          ArtistCredit: {
              id: number;
              name: string;
              anv: string;
              join: string;
              role: string;
              tracks: string;
              resource_url: string;
          };
          /** @description An image; uri, uri150 and resource_url are linked for authenticated callers where the file exists, empty otherwise */
          Image: {
              /** @enum {string} */
              type: "primary" | "secondary";
              uri: string;
              uri150: string;
              resource_url: string;
              height: number;
              width: number;
          };
          Video: {
              uri: string;
              title: string;
              description: string;
              duration: number;
              embed: boolean;
          };
          /** @description A label, series or company of a release */
          Entity: {
              id: number;
              name: string;
              catno: string;
              /** @description "1" label, "22" series, others companies */
              entity_type: string;
              entity_type_name: string;
              resource_url: string;
          };
          Track: {
              position: string;
              /** @enum {string} */
              type_: "track" | "heading" | "index";
              title: string;
              duration: string;
              /** @description Only when the track has its own artists */
              artists?: components["schemas"]["ArtistCredit"][];
              /** @description Only when the track has credits */
              extraartists?: components["schemas"]["ArtistCredit"][];
              /** @description Only on an index track with sub-tracks */
              sub_tracks?: components["schemas"]["Track"][];
          };
          /** @description A release (GET /releases/{id}); also each entry of a user's submissions and contributions */
          Release: {
              id: number;
              status: string;
              /** @description 0 when unknown */
              year: number;
              resource_url: string;
              uri: string;
              artists: components["schemas"]["ArtistCredit"][];
              artists_sort: string;
              labels: components["schemas"]["Entity"][];
              series: components["schemas"]["Entity"][];
              companies: components["schemas"]["Entity"][];
              formats: {
                  name: string;
                  qty: string;
                  /** @description Only when the format has free text */
                  text?: string;
                  descriptions: string[];
              }[];
              data_quality: string;
              community: {
                  have: number;
                  want: number;
                  rating: components["schemas"]["RatingFigures"];
                  /** @description Who first submitted the release (from its edit history); null when unknown, as for releases loaded from the dumps */
                  submitter: components["schemas"]["CommunityUser"] | null;
                  /** @description Everyone who edited the release, the submitter first */
                  contributors: components["schemas"]["CommunityUser"][];
                  data_quality: string;
                  status: string;
              };
              format_quantity: number;
              date_added: components["schemas"]["Timestamp"];
              date_changed: components["schemas"]["Timestamp"];
              num_for_sale: number;
              /** @description In curr_abbr; null when nothing is for sale */
              lowest_price: number | null;
              /** @description Absent when the release has no master. */
              master_id?: number;
              /** @description Absent when the release has no master. */
              master_url?: string;
              title: string;
              country: string;
              released: string;
              /** @description In the negotiated text format. */
              notes: string;
              released_formatted: string;
              identifiers: {
                  type: string;
                  value: string;
                  /** @description Only when the identifier has one */
                  description?: string;
              }[];
              videos: components["schemas"]["Video"][];
              genres: string[];
              styles: string[];
              tracklist: components["schemas"]["Track"][];
              extraartists: components["schemas"]["ArtistCredit"][];
              images: components["schemas"]["Image"][];
              thumb: string;
              /** @description Grams */
              estimated_weight: number;
              blocked_from_sale: boolean;
          };
          CommunityUser: {
              username: string;
              resource_url: string;
          };
          RatingFigures: {
              count: number;
              /** @description Mean rounded to two decimals; 0 when nobody rated */
              average: number;
          };
          Master: {
              id: number;
              main_release: number;
              /** @description The version released last (by release date, then id); null without versions */
              most_recent_release: number | null;
              main_release_url: string;
              most_recent_release_url: string | null;
              versions_url: string;
              resource_url: string;
              uri: string;
              /** @description Copies of every version for sale */
              num_for_sale: number;
              /** @description In curr_abbr; null when nothing is for sale */
              lowest_price: number | null;
              images: components["schemas"]["Image"][];
              genres: string[];
              styles: string[];
              year: number;
              /** @description The main release's */
              tracklist: components["schemas"]["Track"][];
              artists: components["schemas"]["ArtistCredit"][];
              title: string;
              data_quality: string;
              videos: components["schemas"]["Video"][];
          };
          CollectionCounts: {
              in_wantlist: number;
              in_collection: number;
          };
          /** @description How many users hold and want the record (community), and whether the caller does (user; zeros for a caller who is not a user) */
          Stats: {
              community: components["schemas"]["CollectionCounts"];
              user: components["schemas"]["CollectionCounts"];
          };
          Version: {
              id: number;
              label: string;
              country: string;
              title: string;
              major_formats: string[];
              format: string;
              catno: string;
              released: string;
              status: string;
              resource_url: string;
              thumb: string;
              stats: components["schemas"]["Stats"];
          };
          /** @description The filters applied (as given) and, per facet, each value the master's versions have with how many have it */
          VersionFilters: {
              applied: {
                  format?: string[];
                  label?: string[];
                  country?: string[];
                  released?: string[];
              };
              available: {
                  format: {
                      [key: string]: number;
                  };
                  label: {
                      [key: string]: number;
                  };
                  country: {
                      [key: string]: number;
                  };
                  released: {
                      [key: string]: number;
                  };
              };
          };
          VersionFacet: {
              /** @enum {string} */
              title: "Format" | "Label" | "Country" | "Released";
              /** @enum {string} */
              id: "format" | "label" | "country" | "released";
              values: {
                  title: string;
                  /** @description The value form-encoded, as a query string takes it */
                  value: string;
                  count: number;
              }[];
              /** @constant */
              allows_multiple_values: true;
          };
          NamedRef: {
              id: number;
              name: string;
              resource_url: string;
          };
          Artist: {
              id: number;
              name: string;
              resource_url: string;
              uri: string;
              releases_url: string;
              images: components["schemas"]["Image"][];
              realname: string;
              /** @description In the negotiated text format. */
              profile: string;
              urls: string[];
              namevariations: string[];
              data_quality: string;
              /** @description Only when the artist has aliases */
              aliases?: components["schemas"]["NamedRef"][];
              /** @description Only when the artist is in groups. Without the public API's `active`: the dumps do not say whether a member is still in the group. */
              groups?: components["schemas"]["NamedRef"][];
              /** @description Only when the artist is a group with members. Without the public API's `active`: the dumps do not say whether a member is still in the group. */
              members?: components["schemas"]["NamedRef"][];
          };
          /** @description A master (type master, with main_release) or a release without a master (type release, with format, label and status) of an artist */
          ArtistRelease: {
              id: number;
              title: string;
              /** @constant */
              type: "master";
              artist: string;
              /** @description Main, Appearance, TrackAppearance or a release credit such as Producer */
              role: string;
              year: number;
              thumb: string;
              resource_url: string;
              stats: components["schemas"]["Stats"];
              main_release: number;
          } | {
              id: number;
              title: string;
              /** @constant */
              type: "release";
              artist: string;
              /** @description Main, Appearance, TrackAppearance or a release credit such as Producer */
              role: string;
              year: number;
              thumb: string;
              resource_url: string;
              stats: components["schemas"]["Stats"];
              format: string;
              label: string;
              status: string;
          };
          Label: {
              id: number;
              name: string;
              resource_url: string;
              uri: string;
              releases_url: string;
              images: components["schemas"]["Image"][];
              /** @description Contact text (contact_info in the Discogs dialect). */
              contact_info: string;
              /** @description In the negotiated text format. */
              profile: string;
              data_quality: string;
              urls: string[];
              sublabels: components["schemas"]["NamedRef"][];
              /** @description Only when the label has a parent */
              parent_label?: components["schemas"]["NamedRef"];
          };
          LabelRelease: {
              id: number;
              title: string;
              artist: string;
              catno: string;
              format: string;
              year: number;
              status: string;
              thumb: string;
              resource_url: string;
              stats: components["schemas"]["Stats"];
          };
          SearchFormat: {
              name: string;
              qty: string;
              /** @description Only when the format has free text */
              text?: string;
              descriptions: string[];
          };
          /** @description Whether the calling user holds the record (authenticated users only) */
          SearchUserData: {
              in_wantlist: boolean;
              in_collection: boolean;
          };
          SearchCommunity: {
              want: number;
              have: number;
          };
          /** @description A result, by type. Every result has id, type, title, thumb and cover_image (the primary image, '' without one), master_id and master_url, uri (the web page's path, relative), resource_url, and user_data for a calling user. Releases and masters add country, year (a string, '' when unknown), format, label, genre, style, catno, barcode and community; releases add formats and format_quantity. Artists and labels carry those keys with empty values in the spec dialect and not at all in the Discogs dialect, as the public API. */
          SearchResult: {
              id: number;
              /** @constant */
              type: "release";
              /** @description Artist - Title */
              title: string;
              thumb: string;
              cover_image: string;
              country: string;
              /** @description Empty when unknown */
              year: string;
              format: string[];
              label: string[];
              genre: string[];
              style: string[];
              catno: string;
              barcode: string[];
              formats: components["schemas"]["SearchFormat"][];
              format_quantity: number;
              /** @description null for a release without a master */
              master_id: number | null;
              /** @description null for a release without a master */
              master_url: string | null;
              uri: string;
              resource_url: string;
              community: components["schemas"]["SearchCommunity"];
              user_data?: components["schemas"]["SearchUserData"];
          } | {
              id: number;
              /** @constant */
              type: "master";
              /** @description Artist - Title */
              title: string;
              thumb: string;
              cover_image: string;
              country: string;
              /** @description Empty when unknown */
              year: string;
              format: string[];
              label: string[];
              genre: string[];
              style: string[];
              catno: string;
              barcode: string[];
              /** @description The master itself */
              master_id: number;
              master_url: string;
              uri: string;
              resource_url: string;
              community: components["schemas"]["SearchCommunity"];
              user_data?: components["schemas"]["SearchUserData"];
          } | {
              id: number;
              /** @enum {string} */
              type: "artist" | "label";
              /** @description The name */
              title: string;
              thumb: string;
              cover_image: string;
              master_id: null;
              master_url: null;
              uri: string;
              resource_url: string;
              user_data?: components["schemas"]["SearchUserData"];
          };
          /** @description A user's profile. The login is `name` and `username` in the spec dialect, `username` in the Discogs one, where `name` is the real name (`real_name` in the spec dialect). num_collection and num_wantlist only when the collection or wantlist is public or the caller is the user; email to the user alone. */
          Profile: {
              /** @description In the negotiated text format. */
              profile: string;
              wantlist_url: string;
              rank: number;
              num_pending: number;
              id: number;
              num_for_sale: number;
              home_page: string;
              location: string;
              collection_folders_url: string;
              username: string;
              collection_fields_url: string;
              releases_contributed: number;
              registered: components["schemas"]["Timestamp"];
              /** @description The mean of the releases the user rated; 0 when none */
              rating_avg: number;
              num_collection?: number;
              releases_rated: number;
              num_lists: number;
              /** @description The real name (`name` in the Discogs dialect) */
              name: string;
              num_wantlist?: number;
              inventory_url: string;
              avatar_url: string;
              banner_url: string;
              uri: string;
              resource_url: string;
              /** @description Percent positive; 0 without feedback */
              buyer_rating: number;
              /** @description 0 without feedback */
              buyer_rating_stars: number;
              buyer_num_ratings: number;
              /** @description Percent positive; 0 without feedback */
              seller_rating: number;
              /** @description 0 without feedback */
              seller_rating_stars: number;
              seller_num_ratings: number;
              curr_abbr: components["schemas"]["Currency"];
              /**
               * @description Every account is active (there is no activation step)
               * @constant
               */
              activated: true;
              /**
               * @description No account is suspended from the marketplace
               * @constant
               */
              marketplace_suspended: false;
              /**
               * @description There are no staff accounts
               * @constant
               */
              is_staff: false;
              /** @description To the user alone */
              email?: string;
              /** @description To the user alone: the entries of the user's order logs the other party wrote since the user last read that log */
              num_unread?: number;
          };
          Folder: {
              id: number;
              count: number;
              name: string;
              resource_url: string;
          };
          /** @description The release as collection and wantlist items show it; a release the catalogue no longer holds keeps its id, with empty fields */
          BasicInformation: {
              id: number;
              /** @description 0 without a master */
              master_id: number;
              /** @description null without a master */
              master_url: string | null;
              resource_url: string;
              thumb: string;
              cover_image: string;
              title: string;
              year: number;
              formats: {
                  name: string;
                  qty: string;
                  /** @description Only when the format has free text */
                  text?: string;
                  /** @description Only when there are some */
                  descriptions?: string[];
              }[];
              labels: {
                  name: string;
                  catno: string;
                  entity_type: string;
                  entity_type_name: string;
                  id: number;
                  resource_url: string;
              }[];
              artists: components["schemas"]["ArtistCredit"][];
              genres: string[];
              styles: string[];
          };
          Instance: {
              /** @description The release id */
              id: number;
              instance_id: number;
              folder_id: number;
              rating: number;
              date_added: components["schemas"]["Timestamp"];
              basic_information: components["schemas"]["BasicInformation"];
              /** @description The values of the notes fields (public fields only to others) */
              notes: {
                  field_id: number;
                  value: string;
              }[];
          };
          InstancePage: {
              pagination: components["schemas"]["Pagination"];
              releases: components["schemas"]["Instance"][];
          };
          /** @description A notes field of a collection; a dropdown has options, a textarea lines */
          NotesField: {
              id: number;
              name: string;
              /** @constant */
              type: "dropdown";
              position: number;
              public: boolean;
              options: string[];
          } | {
              id: number;
              name: string;
              /** @constant */
              type: "textarea";
              position: number;
              public: boolean;
              lines: number;
          };
          Want: {
              /** @description The release id */
              id: number;
              resource_url: string;
              rating: number;
              date_added: components["schemas"]["Timestamp"];
              basic_information: components["schemas"]["BasicInformation"];
              /** @description To the owner alone */
              notes?: string;
              /** @description Whether the notes are shown to others (false until set) */
              notes_public: boolean;
          };
          /** @description A user's rating of a release; 0 when the user has not rated it */
          UserRating: {
              username: string;
              release_id: number;
              rating: number;
          };
          CommunityRating: {
              rating: components["schemas"]["RatingFigures"];
              release_id: number;
          };
          /** @description The value first, then the currency, as the public API orders them */
          Fee: {
              value: number;
              currency: components["schemas"]["Currency"];
          };
          /** @description One entry per media condition (Mint (M) through Poor (P)) in the seller's currency; empty when there is nothing to go by */
          PriceSuggestions: {
              "Mint (M)"?: components["schemas"]["Price"];
              "Near Mint (NM or M-)"?: components["schemas"]["Price"];
              "Very Good Plus (VG+)"?: components["schemas"]["Price"];
              "Very Good (VG)"?: components["schemas"]["Price"];
              "Good Plus (G+)"?: components["schemas"]["Price"];
              "Good (G)"?: components["schemas"]["Price"];
              "Fair (F)"?: components["schemas"]["Price"];
              "Poor (P)"?: components["schemas"]["Price"];
          };
          MarketStats: {
              /** @description Null when nothing is for sale or the release is blocked */
              lowest_price: components["schemas"]["NullablePrice"];
              /** @description Null when nothing is for sale or the release is blocked */
              num_for_sale: number | null;
              blocked_from_sale: boolean;
          };
          /** @enum {string} */
          ListingCondition: "Mint (M)" | "Near Mint (NM or M-)" | "Very Good Plus (VG+)" | "Very Good (VG)" | "Good Plus (G+)" | "Good (G)" | "Fair (F)" | "Poor (P)";
          /** @enum {string} */
          SleeveCondition: "Mint (M)" | "Near Mint (NM or M-)" | "Very Good Plus (VG+)" | "Very Good (VG)" | "Good Plus (G+)" | "Good (G)" | "Fair (F)" | "Poor (P)" | "Generic" | "Not Graded" | "No Cover";
          /** @enum {string} */
          ListingStatus: "For Sale" | "Draft" | "Expired" | "Sold" | "Suspended" | "Deleted" | "Violation";
          /** @description A listing body (create and edit). Numbers may be sent as text; a form-encoded body or query parameters are read too (the body wins). An edit sends only the fields it changes. null or "" clears an optional field. */
          ListingFields: {
              /** @description Required on create; a stored release not blocked from sale */
              release_id?: number | string;
              condition?: components["schemas"]["ListingCondition"];
              /** @enum {string|null} */
              sleeve_condition?: "Mint (M)" | "Near Mint (NM or M-)" | "Very Good Plus (VG+)" | "Very Good (VG)" | "Good Plus (G+)" | "Good (G)" | "Fair (F)" | "Poor (P)" | "Generic" | "Not Graded" | "No Cover" | "" | null;
              /** @description Required on create; in the seller's profile currency (or the edit's curr_abbr), with at most that currency's decimals */
              price?: number | string;
              /** @description In the markup format */
              comments?: string;
              /** @default false */
              allow_offers: boolean | string | number;
              /**
               * @default For Sale
               * @enum {string}
               */
              status: "For Sale" | "Draft";
              external_id?: string | null;
              location?: string | null;
              /** @description Grams; auto estimates it from the release formats */
              weight?: number | "auto" | null;
              /** @description auto counts the release formats */
              format_quantity?: number | "auto" | null;
          };
          /** @description The price in the listing's own currency */
          OriginalPrice: {
              curr_abbr: components["schemas"]["Currency"];
              /** @description USD 1, GBP 2, EUR 3, CAD 4, AUD 5, JPY 6, CHF 7, MXN 8, BRL 9, NZD 10, SEK 11, ZAR 12 */
              curr_id: number;
              /** @example $12.50 */
              formatted: string;
              value: number;
          };
          /** @description The listed release; images for an authenticated caller only */
          ListingRelease: {
              id: number;
              /** @description Artist - Title (Format); empty for a release the catalogue lacks */
              description: string;
              artist: string;
              title: string;
              format: string;
              year: number;
              catalog_number: string;
              resource_url: string;
              thumbnail: string;
              /** @description Authenticated callers only */
              images?: components["schemas"]["Image"][];
              stats: components["schemas"]["Stats"];
          };
          ListingSeller: {
              id: number;
              username: string;
              resource_url: string;
              /** @description The seller's profile in the API (as the public API writes it) */
              url: string;
              /** @description The seller's web page */
              html_url: string;
              /** @description The seller's id again */
              uid: number;
              avatar_url: string;
              /** @description The seller's minimum order, in the seller's currency; 0 when none */
              min_order_total: number;
              /** @description The seller's shipping terms, in the negotiated text format */
              shipping: string;
              /** @description The seller's payment terms, in the negotiated text format */
              payment: string;
              stats: {
                  /**
                   * @description Percent positive with one decimal; "0" when none
                   * @example 100.0
                   */
                  rating: string;
                  stars: number;
                  total: number;
              };
          };
          EmptyObject: Record<string, never>;
          /** @description A listing (GET /marketplace/listings/{id}, and each entry of an inventory). shipping_price and original_shipping_price are the seller's price to the caller's destination (their profile location; the default rate for others), {} when the seller priced no shipping. weight, format_quantity, external_id, location and quantity (always 1) only to its seller; in_cart only to a user. */
          Listing: {
              id: number;
              resource_url: string;
              /** @description {web_url}/sell/item/{id} */
              uri: string;
              status: components["schemas"]["ListingStatus"];
              /** @description In curr_abbr when asked, else the caller's profile currency (USD for others), converted */
              price: components["schemas"]["Price"];
              original_price: components["schemas"]["OriginalPrice"];
              /** @description In the currency of price; {} when the seller priced no shipping */
              shipping_price: components["schemas"]["Price"] | components["schemas"]["EmptyObject"];
              /** @description In the seller's currency; {} when the seller priced no shipping */
              original_shipping_price: components["schemas"]["OriginalPrice"] | components["schemas"]["EmptyObject"];
              allow_offers: boolean;
              condition: components["schemas"]["ListingCondition"];
              /** @description Empty when none */
              sleeve_condition: components["schemas"]["SleeveCondition"] | "";
              posted: components["schemas"]["Timestamp"];
              /** @description The seller's profile location */
              ships_from: string;
              /** @description In the negotiated text format */
              comments: string;
              seller: components["schemas"]["ListingSeller"];
              release: components["schemas"]["ListingRelease"];
              audio: boolean;
              /** @description The seller's alone */
              weight?: number | null;
              /** @description The seller's alone */
              format_quantity?: number | null;
              /** @description The seller's alone */
              external_id?: string | null;
              /** @description The seller's alone */
              location?: string | null;
              /**
               * @description The seller's alone
               * @enum {integer}
               */
              quantity?: 1;
              /** @description To a user alone */
              in_cart?: boolean;
          };
          ListingCreated: {
              listing_id: number;
              resource_url: string;
          };
          /** @description A seller's settings: terms as written (markup), shipping prices by destination, minimum order */
          SellerSettings: {
              username: string;
              curr_abbr: components["schemas"]["Currency"];
              payment: string;
              shipping: string;
              /** @description Per order, by destination: `default` (everyone else), a region (europe, north america, …) or a country code; in `currency`. null when the seller priced no shipping. */
              shipping_price: ({
                  currency: components["schemas"]["Currency"];
                  /** @description Every destination not named */
                  default: number;
              } & {
                  [key: string]: number;
              }) | null;
              /** @description In curr_abbr; 0 when none */
              min_order_total: number;
              /** @description Whether the settings are complete enough to sell (currency and terms) */
              is_seller: boolean;
              updated: components["schemas"]["Timestamp"] | null;
          };
          SellerSettingsChange: {
              curr_abbr?: components["schemas"]["Currency"];
              payment?: string;
              shipping?: string;
              /** @description A flat amount; `destination=amount` pairs as text (`default=5, GB=2.50, europe=8`); or an object of destination → amount. null or "" removes the prices. */
              shipping_price?: number | string | {
                  [key: string]: number | string;
              } | null;
              min_order_total?: number | string | null;
          };
          /** @description A list as a user's lists show it */
          ListSummary: {
              date_added: components["schemas"]["Timestamp"];
              date_changed: components["schemas"]["Timestamp"];
              name: string;
              id: number;
              uri: string;
              resource_url: string;
              public: boolean;
              description: string;
              image_url: string;
          };
          /** @description An entry of a list; releases and masters carry stats (how many hold and want it, and whether the caller does) */
          ListItem: {
              id: number;
              /** @enum {string} */
              type: "release" | "master" | "artist" | "label";
              display_title: string;
              comment: string;
              uri: string;
              resource_url: string;
              /** @description The record's primary image; '' without one */
              image_url: string;
              /** @description Releases and masters only */
              stats?: components["schemas"]["Stats"];
          };
          /** @description One list; `list_id`, `created_ts`, `modified_ts` and `url` repeat `id`, `date_added`, `date_changed` and `uri` under the keys the public API's documentation names */
          UserList: {
              id: number;
              list_id: number;
              name: string;
              /** @description In the negotiated text format */
              description: string;
              public: boolean;
              date_added: components["schemas"]["Timestamp"];
              date_changed: components["schemas"]["Timestamp"];
              created_ts: components["schemas"]["Timestamp"];
              modified_ts: components["schemas"]["Timestamp"];
              uri: string;
              url: string;
              resource_url: string;
              image_url: string;
              user: {
                  id: number;
                  username: string;
                  resource_url: string;
                  avatar_url: string;
              };
              items: components["schemas"]["ListItem"][];
          };
          /** @description The caller's cart, by seller (in the order each seller's first listing was put in) */
          Cart: {
              currency: components["schemas"]["Currency"];
              /** @description How many listings the cart holds (at most 100) */
              count: number;
              sellers: {
                  seller: components["schemas"]["UserLogin"];
                  currency: components["schemas"]["Currency"];
                  items: {
                      listing_id: number;
                      resource_url: string;
                      release: {
                          id: number;
                          resource_url: string;
                      };
                      /** @description The listing's status now */
                      status: components["schemas"]["ListingStatus"];
                      /** @description Whether it can still be bought (For Sale) */
                      buyable: boolean;
                      condition: components["schemas"]["ListingCondition"];
                      sleeve_condition: components["schemas"]["SleeveCondition"] | null;
                      price: components["schemas"]["Price"];
                      /** @description The price in the caller's currency; null when the rate table lacks a rate */
                      buyer_price: components["schemas"]["NullablePrice"];
                      added: components["schemas"]["Timestamp"];
                  }[];
                  /** @description The buyable listings' prices in the seller's currency: what the order's total would be */
                  total: components["schemas"]["NullablePrice"];
                  /** @description The same in the caller's currency */
                  buyer_total: components["schemas"]["NullablePrice"];
              }[];
          };
          CartItem: {
              listing_id: number;
              resource_url: string;
              /** @constant */
              in_cart: true;
          };
          /**
           * @description The spec's spelling; `Buyer Contacted` is accepted in requests for `Buyer ed`, and answers write it so in the Discogs dialect
           * @enum {string}
           */
          OrderStatus: "New Order" | "Buyer Contacted" | "Invoice Sent" | "Payment Pending" | "Payment Received" | "In Progress" | "Shipped" | "Refund Sent" | "Cancelled (Non-Paying Buyer)" | "Cancelled (Item Unavailable)" | "Cancelled (Per Buyer's Request)";
          OrderReference: {
              id: string;
              resource_url: string;
          };
          /** @enum {string} */
          FeedbackRating: "positive" | "neutral" | "negative";
          /** @description One party's feedback on the other (beyond the spec), as its giver reads it back */
          OrderFeedback: {
              order: components["schemas"]["OrderReference"];
              /**
               * @description Who gave it
               * @enum {string}
               */
              from: "buyer" | "seller";
              rating: components["schemas"]["FeedbackRating"];
              comment: string;
              timestamp: components["schemas"]["Timestamp"];
          };
          GivenFeedback: null | {
              rating: components["schemas"]["FeedbackRating"];
              comment: string;
              timestamp: components["schemas"]["Timestamp"];
          };
          OrderItemRelease: {
              id: number;
              /** @description Artist - Title (Format); empty for a release the catalogue lacks */
              description: string;
              resource_url: string;
              thumbnail: string;
          };
          /** @description What the seller charges for shipping (0 until set) and how they ship ("" until set) */
          OrderShipping: {
              currency: components["schemas"]["Currency"];
              method: string;
              value: number;
          };
          /** @description Beyond the spec; the refunds recorded as sent and as received, added */
          OrderRefunds: {
              sent: components["schemas"]["Price"];
              received: components["schemas"]["Price"];
          };
          OrderItem: {
              /** @description The listing sold */
              id: number;
              release: components["schemas"]["OrderItemRelease"];
              price: components["schemas"]["Price"];
              /** @description Single-order reads only */
              media_condition?: components["schemas"]["ListingCondition"];
              /** @description Single-order reads only; empty when none */
              sleeve_condition?: components["schemas"]["SleeveCondition"] | "";
          };
          /** @description An order, to its seller or its buyer (ADR 0021). total, fee, shipping and refunds in the order's currency (the seller's at the sale), each item's price in its listing's own. fee to the seller alone. The checkout answers each order as the buyer reads it. */
          Order: {
              /** @description <seller id>-<the seller's order number> */
              id: string;
              resource_url: string;
              /** @description {base_url}/marketplace/orders/{id}/messages */
              messages_url: string;
              /** @description {web_url}/sell/order/{id} */
              uri: string;
              status: components["schemas"]["OrderStatus"];
              /** @description The statuses the caller may move the order to: the seller's or the buyer's row of the transition table */
              next_status: components["schemas"]["OrderStatus"][];
              /** @description The marketplace fee (the fee rule at the time of sale); to the seller only */
              fee?: components["schemas"]["Price"];
              created: components["schemas"]["Timestamp"];
              items: (components["schemas"]["OrderItem"] & unknown)[];
              shipping: components["schemas"]["OrderShipping"];
              /** @description Multi-line address text (personal data; the parties alone read an order) */
              shipping_address: string;
              additional_instructions: string;
              archived: boolean;
              seller: components["schemas"]["UserLogin"];
              last_activity: components["schemas"]["Timestamp"];
              buyer: components["schemas"]["UserLogin"];
              /** @description The items' prices converted into the order's currency, added, plus shipping: it moves whenever shipping is set */
              total: components["schemas"]["Price"];
              refunds: components["schemas"]["OrderRefunds"];
              /** @description Beyond the spec; the feedback the buyer and the seller gave on the order (null until given) */
              feedback: {
                  buyer: components["schemas"]["GivenFeedback"];
                  seller: components["schemas"]["GivenFeedback"];
              };
          };
          /** @description An order as lists show it, without its items' conditions and without feedback */
          OrderSummary: {
              id: string;
              resource_url: string;
              messages_url: string;
              uri: string;
              status: components["schemas"]["OrderStatus"];
              next_status: components["schemas"]["OrderStatus"][];
              /** @description To the seller only */
              fee?: components["schemas"]["Price"];
              created: components["schemas"]["Timestamp"];
              items: {
                  id: number;
                  release: components["schemas"]["OrderItemRelease"];
                  price: components["schemas"]["Price"];
              }[];
              shipping: components["schemas"]["OrderShipping"];
              shipping_address: string;
              additional_instructions: string;
              archived: boolean;
              seller: components["schemas"]["UserLogin"];
              last_activity: components["schemas"]["Timestamp"];
              buyer: components["schemas"]["UserLogin"];
              total: components["schemas"]["Price"];
              refunds: components["schemas"]["OrderRefunds"];
          };
          /** @description A party as the message log names who acted */
          OrderActor: {
              username: string;
              resource_url: string;
          };
          /** @description One entry of an order's message log. `message` is written when read, in the reader's dialect. The extra fields by type: message (from), status (status_id, actor), shipping (original, new), refund_sent and refund_received (refund); every type has `to` (beyond the spec), the other party, who the entry was written to. */
          OrderMessage: {
              /** @enum {string} */
              type: "message" | "status" | "shipping" | "refund_sent" | "refund_received";
              timestamp: components["schemas"]["Timestamp"];
              /** @example Seller changed status from Payment Received to Shipped */
              message: string;
              /**
               * @description type message: New Message - Order #{id} - {first item's title} (+ N more items); '' for the other types, as the public API writes them
               * @example New Message - Order #42-7 - Wizard - Night Drive
               */
              subject: string;
              order: components["schemas"]["OrderReference"];
              to: components["schemas"]["UserLogin"];
              /** @description type message: who wrote it */
              from?: {
                  id: number;
                  username: string;
                  resource_url: string;
                  avatar_url: string;
              };
              /** @description type status: the new status's number as the public API's documented log numbers them: New Order 1, Buyer Contacted 2, Invoice Sent 3, Payment Pending 4, Payment Received 5, Shipped 6, Refund Sent 7, the three Cancelled 8, 9, 10, In Progress 11 */
              status_id?: number;
              /** @description type status: who changed it */
              actor?: components["schemas"]["OrderActor"];
              /** @description type shipping: the amount before */
              original?: number;
              /** @description type shipping: the amount set */
              new?: number;
              /** @description types refund_sent, refund_received */
              refund?: {
                  amount: number;
                  order: components["schemas"]["OrderReference"];
              };
          };
          /** @description The answer to adding a message (the spec's reply); `message` starts with the status sentence when a status was given */
          OrderMessageReply: {
              from: components["schemas"]["OrderActor"];
              message: string;
              order: components["schemas"]["OrderReference"];
              timestamp: components["schemas"]["Timestamp"];
              /**
               * @description {Brand} Order #{id}, {first item's title}
               * @example Discogs Order #42-7, Wizard - Night Drive
               */
              subject: string;
              /**
               * @description The entry written: a message, or a status change when only a status was given
               * @enum {string}
               */
              type: "message" | "status";
          };
          /** @description An inventory export (the spec's record). Times are UTC without an offset, as the spec writes export and upload times. The download address is null until the export succeeded, when it failed, and once its file expired (EXPORT_RETENTION_HOURS). The spec names it _url; the spec dialect writes both _url and download_url, the Discogs dialect download_url alone. */
          InventoryExport: {
              id: number;
              /** @enum {string} */
              status: "pending" | "processing" | "success" | "failed";
              created_ts: components["schemas"]["JobTimestamp"];
              /** @description Null until it ends */
              finished_ts: components["schemas"]["JobTimestamp"] | null;
              /** @description The export itself: {base_url}/inventory/export/{id} */
              url: string;
              /** @description {base_url}/inventory/export/{id}/download, or null */
              download_url: string | null;
              /** @example sam-inventory-20261123-1005.csv */
              filename: string;
          };
          /** @description An inventory upload (the spec's upload record). Times are UTC without an offset. results is empty until the upload ends; then, as the public API writes it, "CSV file contains N records.<p>Processed N records." (a failed upload: Processed 0 records, then its problems, one per line). */
          InventoryUpload: {
              id: number;
              /** @enum {string} */
              status: "pending" | "processing" | "success" | "failed";
              /** @enum {string} */
              type: "add" | "change" | "delete";
              /** @example CSV file contains 3 records.<p>Processed 3 records. */
              results: string;
              created_ts: components["schemas"]["JobTimestamp"];
              /** @description Null until it ends */
              finished_ts: components["schemas"]["JobTimestamp"] | null;
              /**
               * @description The name the file was sent as
               * @example my-stock.csv
               */
              filename: string;
              /** @description {base_url}/inventory/upload/{id} */
              resource_url: string;
          };
          /** @description The calling user (`name` only in the spec dialect) */
          Identity: {
              id: number;
              username: string;
              resource_url: string;
              consumer_name: string;
          };
          SubmissionPage: {
              pagination: components["schemas"]["Pagination"];
              submissions: {
                  artists: components["schemas"]["Artist"][];
                  labels: components["schemas"]["Label"][];
                  releases: components["schemas"]["Release"][];
              };
          };
          ContributionPage: {
              pagination: components["schemas"]["Pagination"];
              contributions: components["schemas"]["Release"][];
          };
          ReleaseStats: {
              num_have: number;
              num_want: number;
          };
          VersionPage: {
              pagination: components["schemas"]["Pagination"];
              filters: components["schemas"]["VersionFilters"];
              filter_facets: components["schemas"]["VersionFacet"][];
              versions: components["schemas"]["Version"][];
          };
          ArtistReleasePage: {
              pagination: components["schemas"]["Pagination"];
              releases: components["schemas"]["ArtistRelease"][];
          };
          LabelReleasePage: {
              pagination: components["schemas"]["Pagination"];
              releases: components["schemas"]["LabelRelease"][];
          };
          SearchPage: {
              pagination: components["schemas"]["Pagination"];
              results: components["schemas"]["SearchResult"][];
          };
          FolderList: {
              folders: components["schemas"]["Folder"][];
          };
          InstanceAdded: {
              instance_id: number;
              /** @description {base_url}/s/{name}/collection/folders/{folder}/release/{release}/instance/{instance} */
              resource_url: string;
          };
          NotesFieldList: {
              fields: components["schemas"]["NotesField"][];
          };
          CollectionValue: {
              maximum: string;
              median: string;
              minimum: string;
          };
          WantPage: {
              pagination: components["schemas"]["Pagination"];
              wants: components["schemas"]["Want"][];
          };
          UserListPage: {
              pagination: components["schemas"]["Pagination"];
              lists: components["schemas"]["ListSummary"][];
          };
          InventoryPage: {
              pagination: components["schemas"]["Pagination"];
              listings: components["schemas"]["Listing"][];
          };
          CheckoutOrders: {
              orders: components["schemas"]["Order"][];
          };
          OrderMessagePage: {
              pagination: components["schemas"]["Pagination"];
              messages: components["schemas"]["OrderMessage"][];
          };
          InventoryExportPage: {
              items: components["schemas"]["InventoryExport"][];
              pagination: components["schemas"]["Pagination"];
          };
          InventoryUploadPage: {
              items: components["schemas"]["InventoryUpload"][];
              pagination: components["schemas"]["Pagination"];
          };
          /** @description Something that happened that concerns the user (beyond the spec): its id (a cursor: ids increase in the order events become visible, so none appears later below one already read), type, time, the user it concerns, and the resource as the API showed it to that user at that moment (an order as GET /marketplace/orders/{order_id} answers its buyer or its seller, a listing as GET /marketplace/listings/{listing_id} answers its seller, an inventory export or upload as GET /inventory/export/{id} or GET /inventory/upload/{id} answers its owner, once the job ended in success or failure, a want as GET /s/{username}/wants/{release_id} answers its owner, after it was added or edited, or as it was when removed, a collection instance as GET /s/{username}/collection/releases/{release_id} lists it to its owner, after it was added, moved, rated or noted, or as it was when removed). */
          Event: {
              id: number;
              /** @enum {string} */
              type: "order.created" | "order.status_changed" | "order.shipping_changed" | "order.message_added" | "order.refunded" | "listing.created" | "listing.changed" | "listing.sold" | "listing.deleted" | "inventory.export_finished" | "inventory.upload_finished" | "collection.changed" | "wantlist.changed";
              /** Format: date-time */
              occurred: string;
              user_id: number;
              resource: {
                  /** @enum {string} */
                  type: "order" | "listing" | "inventory_export" | "inventory_upload" | "collection" | "wantlist";
                  /** @description The resource's id as text (an order's 123-4, a listing's, an export's or an upload's number, a want's release id, a collection instance's id) */
                  id: string;
                  body: components["schemas"]["Order"] | components["schemas"]["Listing"] | components["schemas"]["InventoryExport"] | components["schemas"]["InventoryUpload"] | components["schemas"]["Want"] | components["schemas"]["Instance"];
              };
          };
          EventPage: {
              /** @description A cursor's pagination: the page size, the events on this page, and next (after this page's last id) while more follow */
              pagination: {
                  per_page: number;
                  items: number;
                  urls: {
                      next?: string;
                  };
              };
              events: components["schemas"]["Event"][];
          };
          OrderPage: {
              pagination: components["schemas"]["Pagination"];
              orders: components["schemas"]["OrderSummary"][];
          };
          /** @description A webhook subscription (its secret is never shown again after it was made) */
          Webhook: {
              id: number;
              /** @description The receiver's URL */
              url: string;
              /** @description The event types delivered to it */
              events: string[];
              /**
               * @description failing: stopped after a day of failed attempts at one event; POST /webhooks/{id}/enable turns it back on
               * @enum {string}
               */
              status: "active" | "failing";
              /** @description Why it was stopped (the last attempt's error), while failing */
              failing_reason: string | null;
              /** @description Failed attempts in a row at the next event (0 when the last succeeded) */
              failures: number;
              /**
               * Format: date-time
               * @description When the failing event is tried again, while retrying
               */
              next_attempt: string | null;
              /** @description The application that made it (OAuth), or null when the user did */
              application_id: string | null;
              /** Format: date-time */
              created: string;
              /** Format: uri */
              resource_url: string;
              /** Format: uri */
              deliveries_url: string;
          };
          /** @description A new subscription, with its signing secret (shown in this answer only) */
          NewWebhook: {
              id: number;
              /** @description The receiver's URL */
              url: string;
              /** @description The event types delivered to it */
              events: string[];
              /**
               * @description failing: stopped after a day of failed attempts at one event; POST /webhooks/{id}/enable turns it back on
               * @enum {string}
               */
              status: "active" | "failing";
              /** @description Why it was stopped (the last attempt's error), while failing */
              failing_reason: string | null;
              /** @description Failed attempts in a row at the next event (0 when the last succeeded) */
              failures: number;
              /**
               * Format: date-time
               * @description When the failing event is tried again, while retrying
               */
              next_attempt: string | null;
              /** @description The application that made it (OAuth), or null when the user did */
              application_id: string | null;
              /** Format: date-time */
              created: string;
              /** Format: uri */
              resource_url: string;
              /** Format: uri */
              deliveries_url: string;
              /** @description The HMAC-SHA256 key of the Spindle-Signature header (whsec_ and 32 letters and digits); shown only here */
              secret: string;
          };
          WebhookPage: {
              pagination: components["schemas"]["Pagination"];
              webhooks: components["schemas"]["Webhook"][];
          };
          WebhookDelivery: {
              id: number;
              /** @description The event's id (the Spindle-Event-Id header; receivers dedupe by it) */
              event_id: number;
              event_type: string;
              /** @description 1 for the first attempt at the event, counting on through its retries */
              attempt: number;
              /** @description Sent again at the owner's request */
              redelivery: boolean;
              /** Format: date-time */
              started: string;
              duration_ms: number;
              /** @enum {string} */
              outcome: "succeeded" | "failed";
              /** @description The receiver's status code, or null when none came */
              response_status: number | null;
              /** @description The start of the receiver's answer (cut at WEBHOOK_MAX_RESPONSE_BYTES) */
              response_excerpt: string;
              error: string | null;
              /** Format: uri */
              redeliver_url: string;
          };
          WebhookDeliveryPage: {
              pagination: components["schemas"]["Pagination"];
              deliveries: components["schemas"]["WebhookDelivery"][];
          };
          WebhookRedelivery: {
              message: string;
              event_id: number;
          };
      };
      responses: never;
      parameters: never;
      requestBodies: never;
      headers: never;
      pathItems: never;
  }
  export type $defs = Record<string, never>;
  export type operations = Record<string, never>;
}
