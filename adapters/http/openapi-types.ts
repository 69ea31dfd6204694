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
          /** @enum {string} */
          Currency: "USD" | "GBP" | "EUR" | "CAD" | "AUD" | "JPY" | "CHF" | "MXN" | "BRL" | "NZD" | "SEK" | "ZAR";
          Pagination: {
              page?: number;
              pages?: number;
              per_page?: number;
              items?: number;
              urls?: {
                  first?: string;
                  prev?: string;
                  next?: string;
                  last?: string;
              };
          };
          ArtistReference: {
              id?: number;
              name?: string;
              anv?: string;
              join?: string;
              role?: string;
              tracks?: string;
              resource_url?: string;
          };
          Image: {
              /** @enum {string} */
              type?: "primary" | "secondary";
              uri?: string;
              uri150?: string;
              resource_url?: string;
              height?: number;
              width?: number;
          };
          Video: {
              uri?: string;
              title?: string;
              description?: string;
              duration?: number;
              embed?: boolean;
          };
          Entity: {
              id?: number;
              name?: string;
              catno?: string;
              entity_type?: string;
              entity_type_name?: string;
              resource_url?: string;
          };
          Track: {
              position?: string;
              /** @enum {string} */
              type_?: "track" | "heading" | "index";
              title?: string;
              duration?: string;
              artists?: components["schemas"]["ArtistReference"][];
              extraartists?: components["schemas"]["ArtistReference"][];
              sub_tracks?: components["schemas"]["Track"][];
          };
          Release: {
              id?: number;
              title?: string;
              status?: string;
              year?: number;
              resource_url?: string;
              uri?: string;
              artists?: components["schemas"]["ArtistReference"][];
              artists_sort?: string;
              extraartists?: components["schemas"]["ArtistReference"][];
              labels?: components["schemas"]["Entity"][];
              series?: components["schemas"]["Entity"][];
              companies?: components["schemas"]["Entity"][];
              formats?: {
                  name?: string;
                  qty?: string;
                  text?: string;
                  descriptions?: string[];
              }[];
              data_quality?: string;
              community?: Record<string, never>;
              format_quantity?: number;
              /** Format: date-time */
              date_added?: string;
              /** Format: date-time */
              date_changed?: string;
              num_for_sale?: number;
              lowest_price?: number | null;
              /** @description Absent when the release has no master. */
              master_id?: number;
              master_url?: string;
              country?: string;
              released?: string;
              released_formatted?: string;
              /** @description In the negotiated text format. */
              notes?: string;
              identifiers?: {
                  type?: string;
                  value?: string;
                  description?: string;
              }[];
              videos?: components["schemas"]["Video"][];
              genres?: string[];
              styles?: string[];
              tracklist?: components["schemas"]["Track"][];
              images?: components["schemas"]["Image"][];
              thumb?: string;
              estimated_weight?: number;
              blocked_from_sale?: boolean;
          };
          Master: {
              id?: number;
              title?: string;
              year?: number;
              main_release?: number;
              main_release_url?: string;
              versions_url?: string;
              resource_url?: string;
              uri?: string;
              artists?: components["schemas"]["ArtistReference"][];
              genres?: string[];
              styles?: string[];
              tracklist?: components["schemas"]["Track"][];
              images?: components["schemas"]["Image"][];
              videos?: components["schemas"]["Video"][];
              data_quality?: string;
              num_for_sale?: number;
              lowest_price?: number | null;
          };
          Stats: {
              community?: {
                  in_wantlist?: number;
                  in_collection?: number;
              };
              user?: {
                  in_wantlist?: number;
                  in_collection?: number;
              };
          };
          Version: {
              id?: number;
              status?: string;
              title?: string;
              label?: string;
              catno?: string;
              country?: string;
              format?: string;
              released?: string;
              major_formats?: string[];
              thumb?: string;
              resource_url?: string;
              stats?: components["schemas"]["Stats"];
          };
          NamedRef: {
              id?: number;
              name?: string;
              resource_url?: string;
          };
          Artist: {
              id?: number;
              name?: string;
              realname?: string;
              /** @description In the negotiated text format. */
              profile?: string;
              resource_url?: string;
              uri?: string;
              releases_url?: string;
              urls?: string[];
              namevariations?: string[];
              aliases?: components["schemas"]["NamedRef"][];
              groups?: (components["schemas"]["NamedRef"] & {
                  active?: boolean;
              })[];
              members?: (components["schemas"]["NamedRef"] & {
                  active?: boolean;
              })[];
              images?: components["schemas"]["Image"][];
              data_quality?: string;
          };
          ArtistRelease: {
              id?: number;
              /** @enum {string} */
              type?: "master" | "release";
              title?: string;
              artist?: string;
              role?: string;
              year?: number;
              thumb?: string;
              resource_url?: string;
              main_release?: number;
              format?: string;
              label?: string;
              status?: string;
              stats?: components["schemas"]["Stats"];
          };
          Label: {
              id?: number;
              name?: string;
              /** @description In the negotiated text format. */
              profile?: string;
              /** @description Contact text (contact_info in the Discogs dialect). */
              _info?: string;
              resource_url?: string;
              uri?: string;
              releases_url?: string;
              urls?: string[];
              sublabels?: components["schemas"]["NamedRef"][];
              parent_label?: components["schemas"]["NamedRef"];
              images?: components["schemas"]["Image"][];
              data_quality?: string;
          };
          LabelRelease: {
              id?: number;
              title?: string;
              artist?: string;
              catno?: string;
              format?: string;
              year?: number;
              status?: string;
              thumb?: string;
              resource_url?: string;
          };
          /** @description A user's rating of a release; 0 when the user has not rated it */
          UserRating: {
              /** @description The rater's login (spec dialect only) */
              name?: string;
              username?: string;
              release_id?: number;
              rating?: number;
          };
          Price: {
              currency: components["schemas"]["Currency"];
              /** @description Major units (12.5 is 12.50) */
              value: number;
          };
          /** @description The value first, then the currency, as the public API orders them */
          Fee: {
              value?: number;
              currency?: components["schemas"]["Currency"];
          };
          /** @description One entry per media condition (Mint (M) through Poor (P)) in the seller's currency; empty when there is nothing to go by */
          PriceSuggestions: {
              [key: string]: components["schemas"]["Price"];
          };
          MarketStats: {
              /** @description Null when nothing is for sale or the release is blocked */
              lowest_price?: components["schemas"]["Price"] | null;
              /** @description Null when nothing is for sale or the release is blocked */
              num_for_sale?: number | null;
              blocked_from_sale?: boolean;
          };
          CommunityRating: {
              rating?: {
                  count?: number;
                  /** @description Mean rounded to two decimals; 0 when nobody rated the release */
                  average?: number;
              };
              release_id?: number;
          };
          /** @enum {string} */
          ListingCondition: "Mint (M)" | "Near Mint (NM or M-)" | "Very Good Plus (VG+)" | "Very Good (VG)" | "Good Plus (G+)" | "Good (G)" | "Fair (F)" | "Poor (P)";
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
          ListingRelease: {
              id?: number;
              /** @description Artist - Title (Format) */
              description?: string;
              year?: number;
              catalog_number?: string;
              resource_url?: string;
              thumbnail?: string;
              /** @description Inventory entries only */
              artist?: string;
              /** @description Inventory entries only */
              title?: string;
              /** @description Inventory entries only */
              format?: string;
          };
          /** @description A listing. weight, format_quantity, external_id, location and quantity (always 1) only to its seller; in_cart only to a user. No shipping_price: no shipping rules exist. */
          Listing: {
              id?: number;
              resource_url?: string;
              /** @description {web_url}/sell/item/{id} */
              uri?: string;
              status?: components["schemas"]["ListingStatus"];
              /** @description In curr_abbr when asked (converted), else the listing currency */
              price?: {
                  currency?: components["schemas"]["Currency"];
                  value?: number;
              };
              original_price?: {
                  curr_abbr?: components["schemas"]["Currency"];
                  /** @description USD 1, GBP 2, EUR 3, CAD 4, AUD 5, JPY 6, CHF 7, MXN 8, BRL 9, NZD 10, SEK 11, ZAR 12 */
                  curr_id?: number;
                  /** @example $12.50 */
                  formatted?: string;
                  value?: number;
              };
              allow_offers?: boolean;
              condition?: components["schemas"]["ListingCondition"];
              /** @description Empty when none */
              sleeve_condition?: string;
              /** Format: date-time */
              posted?: string;
              /** @description The seller's profile location */
              ships_from?: string;
              /** @description In the negotiated text format */
              comments?: string;
              /** @description Inventory entries carry only id, name/username and resource_url */
              seller?: {
                  id?: number;
                  /** @description Spec dialect only */
                  name?: string;
                  username?: string;
                  resource_url?: string;
                  url?: string;
                  avatar_url?: string;
                  /** @description The seller's shipping terms, in the negotiated text format */
                  shipping?: string;
                  /** @description The seller's payment terms, in the negotiated text format */
                  payment?: string;
                  stats?: {
                      /**
                       * @description "0" when none
                       * @example 100.0
                       */
                      rating?: string;
                      stars?: number;
                      total?: number;
                  };
              };
              release?: components["schemas"]["ListingRelease"];
              audio?: boolean;
              weight?: number | null;
              format_quantity?: number | null;
              external_id?: string | null;
              location?: string | null;
              /** @enum {integer} */
              quantity?: 1;
              in_cart?: boolean;
          };
          /** @description A list as a user's lists show it */
          ListSummary: {
              date_added?: string;
              date_changed?: string;
              name?: string;
              id?: number;
              uri?: string;
              resource_url?: string;
              public?: boolean;
              description?: string;
              image_url?: string;
          };
          ListItem: {
              id?: number;
              /** @enum {string} */
              type?: "release" | "master" | "artist" | "label";
              display_title?: string;
              comment?: string;
              uri?: string;
              resource_url?: string;
              image_url?: string;
          };
          /** @description One list; `list_id`, `created_ts`, `modified_ts` and `url` repeat `id`, `date_added`, `date_changed` and `uri` under the keys the public API's documentation names */
          UserList: {
              id?: number;
              list_id?: number;
              name?: string;
              description?: string;
              public?: boolean;
              date_added?: string;
              date_changed?: string;
              created_ts?: string;
              modified_ts?: string;
              uri?: string;
              url?: string;
              resource_url?: string;
              image_url?: string;
              user?: {
                  id?: number;
                  /** @description spec dialect only */
                  name?: string;
                  username?: string;
                  resource_url?: string;
                  avatar_url?: string;
              };
              items?: components["schemas"]["ListItem"][];
          };
          /** @description A user as an order or a cart names them: the login as `name` and `username` in the spec dialect, `username` alone in the Discogs one */
          PartyReference: {
              id?: number;
              name?: string;
              username?: string;
              resource_url?: string;
          };
          /** @description The caller's cart, by seller (in the order each seller's first listing was put in) */
          Cart: {
              currency?: components["schemas"]["Currency"];
              /** @description How many listings the cart holds (at most 100) */
              count?: number;
              sellers?: {
                  seller?: components["schemas"]["PartyReference"];
                  currency?: components["schemas"]["Currency"];
                  items?: {
                      listing_id?: number;
                      resource_url?: string;
                      release?: {
                          id?: number;
                          resource_url?: string;
                      };
                      /** @description The listing's status now */
                      status?: string;
                      /** @description Whether it can still be bought (For Sale) */
                      buyable?: boolean;
                      condition?: string;
                      sleeve_condition?: string | null;
                      price?: components["schemas"]["Price"];
                      /** @description The price in the caller's currency; null when the rate table lacks a rate */
                      buyer_price?: components["schemas"]["Price"] | null;
                      /** Format: date-time */
                      added?: string;
                  }[];
                  /** @description The buyable listings' prices in the seller's currency: what the order's total would be */
                  total?: components["schemas"]["Price"] | null;
                  /** @description The same in the caller's currency */
                  buyer_total?: components["schemas"]["Price"] | null;
              }[];
          };
          /**
           * @description The spec's spelling; `Buyer Contacted` is accepted in requests for `Buyer ed`, and answers write it so in the Discogs dialect
           * @enum {string}
           */
          OrderStatus: "New Order" | "Buyer ed" | "Invoice Sent" | "Payment Pending" | "Payment Received" | "In Progress" | "Shipped" | "Refund Sent" | "Cancelled (Non-Paying Buyer)" | "Cancelled (Item Unavailable)" | "Cancelled (Per Buyer's Request)";
          OrderReference: {
              id?: string;
              resource_url?: string;
          };
          /** @description One party's feedback on the other (beyond the spec); on an order's `feedback` only rating, comment and timestamp */
          OrderFeedback: {
              order?: components["schemas"]["OrderReference"];
              /**
               * @description Who gave it
               * @enum {string}
               */
              from?: "buyer" | "seller";
              /** @enum {string} */
              rating?: "positive" | "neutral" | "negative";
              comment?: string;
              /** Format: date-time */
              timestamp?: string;
          };
          /** @description An order, to its seller or its buyer (ADR 0021). total, fee, shipping and refunds in the order's currency (the seller's at the sale), each item's price in its listing's own. The checkout answers each order as the buyer reads it. In lists the items carry no media_condition and sleeve_condition, and there is no feedback. */
          Order: {
              /** @description <seller id>-<the seller's order number> */
              id?: string;
              resource_url?: string;
              /** @description {base_url}/marketplace/orders/{id}/messages */
              messages_url?: string;
              /** @description {web_url}/sell/order/{id} */
              uri?: string;
              status?: components["schemas"]["OrderStatus"];
              /** @description The statuses the caller may move the order to: the seller's or the buyer's row of the transition table */
              next_status?: components["schemas"]["OrderStatus"][];
              /** @description The marketplace fee (the fee rule at the time of sale); to the seller only */
              fee?: components["schemas"]["Price"];
              /** Format: date-time */
              created?: string;
              /** Format: date-time */
              last_activity?: string;
              archived?: boolean;
              seller?: components["schemas"]["PartyReference"];
              buyer?: components["schemas"]["PartyReference"];
              /** @description Multi-line address text (personal data; the parties alone read an order) */
              shipping_address?: string;
              additional_instructions?: string;
              items?: {
                  /** @description The listing sold */
                  id?: number;
                  release?: {
                      id?: number;
                      /** @description Artist - Title (Format) */
                      description?: string;
                      resource_url?: string;
                      thumbnail?: string;
                  };
                  price?: components["schemas"]["Price"];
                  /** @description Single-order reads only */
                  media_condition?: string;
                  /** @description Single-order reads only */
                  sleeve_condition?: string | null;
              }[];
              /** @description What the seller charges for shipping (0 until set) and how they ship ("" until set) */
              shipping?: {
                  currency?: components["schemas"]["Currency"];
                  method?: string;
                  value?: number;
              };
              /** @description The items' prices converted into the order's currency, added (shipping not included) */
              total?: components["schemas"]["Price"];
              /** @description Beyond the spec; the refunds recorded as sent and as received, added */
              refunds?: {
                  sent?: components["schemas"]["Price"];
                  received?: components["schemas"]["Price"];
              };
              /** @description Beyond the spec; the feedback the buyer and the seller gave on the order */
              feedback?: {
                  buyer?: components["schemas"]["OrderFeedback"] | null;
                  seller?: components["schemas"]["OrderFeedback"] | null;
              };
          };
          /** @description `username` in place of `name` in the Discogs dialect */
          OrderMessageUser: {
              id?: number;
              name?: string;
              username?: string;
              avatar_url?: string;
              resource_url?: string;
          };
          /** @description One entry of an order's message log. `message` is written when read, in the reader's dialect. The extra fields by type: message (from, to), status (status_id, actor), shipping (original, new), refund_sent and refund_received (refund). */
          OrderMessage: {
              /** @enum {string} */
              type: "message" | "status" | "shipping" | "refund_sent" | "refund_received";
              /** Format: date-time */
              timestamp: string;
              /** @example Seller changed status from Payment Received to Shipped */
              message: string;
              /**
               * @description {Brand} Order #{id}, then New Message, Status Changed, Shipping Changed, Refund Sent or Refund Received
               * @example Service Order #42-7, Status Changed
               */
              subject: string;
              order: components["schemas"]["OrderReference"];
              /** @description type message: who wrote it */
              from?: components["schemas"]["OrderMessageUser"];
              /** @description every type (beyond the spec): the other party, who the entry was written to */
              to?: components["schemas"]["OrderMessageUser"];
              /** @description type status: the new status's place in the spec's list (New Order 1 … Cancelled (Per Buyer's Request) 11) */
              status_id?: number;
              /** @description type status: who changed it (`username` for `name` in the Discogs dialect) */
              actor?: {
                  name?: string;
                  username?: string;
                  resource_url?: string;
              };
              /** @description type shipping: the amount before */
              original?: number;
              /** @description type shipping: the amount set */
              new?: number;
              /** @description types refund_sent, refund_received */
              refund?: {
                  amount?: number;
                  order?: components["schemas"]["OrderReference"];
              };
          };
          /** @description The answer to adding a message (the spec's reply); `message` starts with the status sentence when a status was given */
          OrderMessageReply: {
              /** @description `username` alone in the Discogs dialect */
              from?: {
                  name?: string;
                  username?: string;
                  resource_url?: string;
              };
              message?: string;
              order?: components["schemas"]["OrderReference"];
              /** Format: date-time */
              timestamp?: string;
              subject?: string;
              /**
               * @description The entry written: a message, or a status change when only a status was given
               * @enum {string}
               */
              type?: "message" | "status";
          };
          /** @description An inventory export (the spec's record). Times are UTC without an offset, as the spec writes export and upload times. The download address is null until the export succeeded, when it failed, and once its file expired (EXPORT_RETENTION_HOURS). The spec names it _url; the spec dialect writes both _url and download_url, the Discogs dialect download_url alone. */
          InventoryExport: {
              id: number;
              /** @enum {string} */
              status: "pending" | "processing" | "success" | "failed";
              /** @example 2026-11-23T10:05:30 */
              created_ts: string;
              /** @example 2026-11-23T10:05:32 */
              finished_ts: string | null;
              /** @description The export itself: {base_url}/inventory/export/{id} */
              url: string;
              /** @description Spec dialect: {base_url}/inventory/export/{id}/download, or null */
              _url?: string | null;
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
              /** @example 2026-11-23T10:05:30 */
              created_ts: string;
              /** @example 2026-11-23T10:05:31 */
              finished_ts: string | null;
              /**
               * @description The name the file was sent as
               * @example my-stock.csv
               */
              filename: string;
              /** @description {base_url}/inventory/upload/{id} */
              resource_url: string;
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
          /** @enum {string} */
          Currency: "USD" | "GBP" | "EUR" | "CAD" | "AUD" | "JPY" | "CHF" | "MXN" | "BRL" | "NZD" | "SEK" | "ZAR";
          Pagination: {
              page?: number;
              pages?: number;
              per_page?: number;
              items?: number;
              urls?: {
                  first?: string;
                  prev?: string;
                  next?: string;
                  last?: string;
              };
          };
          ArtistReference: {
              id?: number;
              name?: string;
              anv?: string;
              join?: string;
              role?: string;
              tracks?: string;
              resource_url?: string;
          };
          Image: {
              /** @enum {string} */
              type?: "primary" | "secondary";
              uri?: string;
              uri150?: string;
              resource_url?: string;
              height?: number;
              width?: number;
          };
          Video: {
              uri?: string;
              title?: string;
              description?: string;
              duration?: number;
              embed?: boolean;
          };
          Entity: {
              id?: number;
              name?: string;
              catno?: string;
              entity_type?: string;
              entity_type_name?: string;
              resource_url?: string;
          };
          Track: {
              position?: string;
              /** @enum {string} */
              type_?: "track" | "heading" | "index";
              title?: string;
              duration?: string;
              artists?: components["schemas"]["ArtistReference"][];
              extraartists?: components["schemas"]["ArtistReference"][];
              sub_tracks?: components["schemas"]["Track"][];
          };
          Release: {
              id?: number;
              title?: string;
              status?: string;
              year?: number;
              resource_url?: string;
              uri?: string;
              artists?: components["schemas"]["ArtistReference"][];
              artists_sort?: string;
              extraartists?: components["schemas"]["ArtistReference"][];
              labels?: components["schemas"]["Entity"][];
              series?: components["schemas"]["Entity"][];
              companies?: components["schemas"]["Entity"][];
              formats?: {
                  name?: string;
                  qty?: string;
                  text?: string;
                  descriptions?: string[];
              }[];
              data_quality?: string;
              community?: Record<string, never>;
              format_quantity?: number;
              /** Format: date-time */
              date_added?: string;
              /** Format: date-time */
              date_changed?: string;
              num_for_sale?: number;
              lowest_price?: number | null;
              /** @description Absent when the release has no master. */
              master_id?: number;
              master_url?: string;
              country?: string;
              released?: string;
              released_formatted?: string;
              /** @description In the negotiated text format. */
              notes?: string;
              identifiers?: {
                  type?: string;
                  value?: string;
                  description?: string;
              }[];
              videos?: components["schemas"]["Video"][];
              genres?: string[];
              styles?: string[];
              tracklist?: components["schemas"]["Track"][];
              images?: components["schemas"]["Image"][];
              thumb?: string;
              estimated_weight?: number;
              blocked_from_sale?: boolean;
          };
          Master: {
              id?: number;
              title?: string;
              year?: number;
              main_release?: number;
              main_release_url?: string;
              versions_url?: string;
              resource_url?: string;
              uri?: string;
              artists?: components["schemas"]["ArtistReference"][];
              genres?: string[];
              styles?: string[];
              tracklist?: components["schemas"]["Track"][];
              images?: components["schemas"]["Image"][];
              videos?: components["schemas"]["Video"][];
              data_quality?: string;
              num_for_sale?: number;
              lowest_price?: number | null;
          };
          Stats: {
              community?: {
                  in_wantlist?: number;
                  in_collection?: number;
              };
              user?: {
                  in_wantlist?: number;
                  in_collection?: number;
              };
          };
          Version: {
              id?: number;
              status?: string;
              title?: string;
              label?: string;
              catno?: string;
              country?: string;
              format?: string;
              released?: string;
              major_formats?: string[];
              thumb?: string;
              resource_url?: string;
              stats?: components["schemas"]["Stats"];
          };
          NamedRef: {
              id?: number;
              name?: string;
              resource_url?: string;
          };
          Artist: {
              id?: number;
              name?: string;
              realname?: string;
              /** @description In the negotiated text format. */
              profile?: string;
              resource_url?: string;
              uri?: string;
              releases_url?: string;
              urls?: string[];
              namevariations?: string[];
              aliases?: components["schemas"]["NamedRef"][];
              groups?: (components["schemas"]["NamedRef"] & {
                  active?: boolean;
              })[];
              members?: (components["schemas"]["NamedRef"] & {
                  active?: boolean;
              })[];
              images?: components["schemas"]["Image"][];
              data_quality?: string;
          };
          ArtistRelease: {
              id?: number;
              /** @enum {string} */
              type?: "master" | "release";
              title?: string;
              artist?: string;
              role?: string;
              year?: number;
              thumb?: string;
              resource_url?: string;
              main_release?: number;
              format?: string;
              label?: string;
              status?: string;
              stats?: components["schemas"]["Stats"];
          };
          Label: {
              id?: number;
              name?: string;
              /** @description In the negotiated text format. */
              profile?: string;
              /** @description Contact text (contact_info in the Discogs dialect). */
              _info?: string;
              resource_url?: string;
              uri?: string;
              releases_url?: string;
              urls?: string[];
              sublabels?: components["schemas"]["NamedRef"][];
              parent_label?: components["schemas"]["NamedRef"];
              images?: components["schemas"]["Image"][];
              data_quality?: string;
          };
          LabelRelease: {
              id?: number;
              title?: string;
              artist?: string;
              catno?: string;
              format?: string;
              year?: number;
              status?: string;
              thumb?: string;
              resource_url?: string;
          };
          /** @description A user's rating of a release; 0 when the user has not rated it */
          UserRating: {
              /** @description The rater's login (spec dialect only) */
              name?: string;
              username?: string;
              release_id?: number;
              rating?: number;
          };
          Price: {
              currency: components["schemas"]["Currency"];
              /** @description Major units (12.5 is 12.50) */
              value: number;
          };
          /** @description The value first, then the currency, as the public API orders them */
          Fee: {
              value?: number;
              currency?: components["schemas"]["Currency"];
          };
          /** @description One entry per media condition (Mint (M) through Poor (P)) in the seller's currency; empty when there is nothing to go by */
          PriceSuggestions: {
              [key: string]: components["schemas"]["Price"];
          };
          MarketStats: {
              /** @description Null when nothing is for sale or the release is blocked */
              lowest_price?: components["schemas"]["Price"] | null;
              /** @description Null when nothing is for sale or the release is blocked */
              num_for_sale?: number | null;
              blocked_from_sale?: boolean;
          };
          CommunityRating: {
              rating?: {
                  count?: number;
                  /** @description Mean rounded to two decimals; 0 when nobody rated the release */
                  average?: number;
              };
              release_id?: number;
          };
          /** @enum {string} */
          ListingCondition: "Mint (M)" | "Near Mint (NM or M-)" | "Very Good Plus (VG+)" | "Very Good (VG)" | "Good Plus (G+)" | "Good (G)" | "Fair (F)" | "Poor (P)";
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
          ListingRelease: {
              id?: number;
              /** @description Artist - Title (Format) */
              description?: string;
              year?: number;
              catalog_number?: string;
              resource_url?: string;
              thumbnail?: string;
              /** @description Inventory entries only */
              artist?: string;
              /** @description Inventory entries only */
              title?: string;
              /** @description Inventory entries only */
              format?: string;
          };
          /** @description A listing. weight, format_quantity, external_id, location and quantity (always 1) only to its seller; in_cart only to a user. No shipping_price: no shipping rules exist. */
          Listing: {
              id?: number;
              resource_url?: string;
              /** @description {web_url}/sell/item/{id} */
              uri?: string;
              status?: components["schemas"]["ListingStatus"];
              /** @description In curr_abbr when asked (converted), else the listing currency */
              price?: {
                  currency?: components["schemas"]["Currency"];
                  value?: number;
              };
              original_price?: {
                  curr_abbr?: components["schemas"]["Currency"];
                  /** @description USD 1, GBP 2, EUR 3, CAD 4, AUD 5, JPY 6, CHF 7, MXN 8, BRL 9, NZD 10, SEK 11, ZAR 12 */
                  curr_id?: number;
                  /** @example $12.50 */
                  formatted?: string;
                  value?: number;
              };
              allow_offers?: boolean;
              condition?: components["schemas"]["ListingCondition"];
              /** @description Empty when none */
              sleeve_condition?: string;
              /** Format: date-time */
              posted?: string;
              /** @description The seller's profile location */
              ships_from?: string;
              /** @description In the negotiated text format */
              comments?: string;
              /** @description Inventory entries carry only id, name/username and resource_url */
              seller?: {
                  id?: number;
                  /** @description Spec dialect only */
                  name?: string;
                  username?: string;
                  resource_url?: string;
                  url?: string;
                  avatar_url?: string;
                  /** @description The seller's shipping terms, in the negotiated text format */
                  shipping?: string;
                  /** @description The seller's payment terms, in the negotiated text format */
                  payment?: string;
                  stats?: {
                      /**
                       * @description "0" when none
                       * @example 100.0
                       */
                      rating?: string;
                      stars?: number;
                      total?: number;
                  };
              };
              release?: components["schemas"]["ListingRelease"];
              audio?: boolean;
              weight?: number | null;
              format_quantity?: number | null;
              external_id?: string | null;
              location?: string | null;
              /** @enum {integer} */
              quantity?: 1;
              in_cart?: boolean;
          };
          /** @description A list as a user's lists show it */
          ListSummary: {
              date_added?: string;
              date_changed?: string;
              name?: string;
              id?: number;
              uri?: string;
              resource_url?: string;
              public?: boolean;
              description?: string;
              image_url?: string;
          };
          ListItem: {
              id?: number;
              /** @enum {string} */
              type?: "release" | "master" | "artist" | "label";
              display_title?: string;
              comment?: string;
              uri?: string;
              resource_url?: string;
              image_url?: string;
          };
          /** @description One list; `list_id`, `created_ts`, `modified_ts` and `url` repeat `id`, `date_added`, `date_changed` and `uri` under the keys the public API's documentation names */
          UserList: {
              id?: number;
              list_id?: number;
              name?: string;
              description?: string;
              public?: boolean;
              date_added?: string;
              date_changed?: string;
              created_ts?: string;
              modified_ts?: string;
              uri?: string;
              url?: string;
              resource_url?: string;
              image_url?: string;
              user?: {
                  id?: number;
                  /** @description spec dialect only */
                  name?: string;
                  username?: string;
                  resource_url?: string;
                  avatar_url?: string;
              };
              items?: components["schemas"]["ListItem"][];
          };
          /** @description A user as an order or a cart names them: the login as `name` and `username` in the spec dialect, `username` alone in the Discogs one */
          PartyReference: {
              id?: number;
              name?: string;
              username?: string;
              resource_url?: string;
          };
          /** @description The caller's cart, by seller (in the order each seller's first listing was put in) */
          Cart: {
              currency?: components["schemas"]["Currency"];
              /** @description How many listings the cart holds (at most 100) */
              count?: number;
              sellers?: {
                  seller?: components["schemas"]["PartyReference"];
                  currency?: components["schemas"]["Currency"];
                  items?: {
                      listing_id?: number;
                      resource_url?: string;
                      release?: {
                          id?: number;
                          resource_url?: string;
                      };
                      /** @description The listing's status now */
                      status?: string;
                      /** @description Whether it can still be bought (For Sale) */
                      buyable?: boolean;
                      condition?: string;
                      sleeve_condition?: string | null;
                      price?: components["schemas"]["Price"];
                      /** @description The price in the caller's currency; null when the rate table lacks a rate */
                      buyer_price?: components["schemas"]["Price"] | null;
                      /** Format: date-time */
                      added?: string;
                  }[];
                  /** @description The buyable listings' prices in the seller's currency: what the order's total would be */
                  total?: components["schemas"]["Price"] | null;
                  /** @description The same in the caller's currency */
                  buyer_total?: components["schemas"]["Price"] | null;
              }[];
          };
          /**
           * @description The spec's spelling; `Buyer Contacted` is accepted in requests for `Buyer ed`, and answers write it so in the Discogs dialect
           * @enum {string}
           */
          OrderStatus: "New Order" | "Buyer ed" | "Invoice Sent" | "Payment Pending" | "Payment Received" | "In Progress" | "Shipped" | "Refund Sent" | "Cancelled (Non-Paying Buyer)" | "Cancelled (Item Unavailable)" | "Cancelled (Per Buyer's Request)";
          OrderReference: {
              id?: string;
              resource_url?: string;
          };
          /** @description One party's feedback on the other (beyond the spec); on an order's `feedback` only rating, comment and timestamp */
          OrderFeedback: {
              order?: components["schemas"]["OrderReference"];
              /**
               * @description Who gave it
               * @enum {string}
               */
              from?: "buyer" | "seller";
              /** @enum {string} */
              rating?: "positive" | "neutral" | "negative";
              comment?: string;
              /** Format: date-time */
              timestamp?: string;
          };
          /** @description An order, to its seller or its buyer (ADR 0021). total, fee, shipping and refunds in the order's currency (the seller's at the sale), each item's price in its listing's own. The checkout answers each order as the buyer reads it. In lists the items carry no media_condition and sleeve_condition, and there is no feedback. */
          Order: {
              /** @description <seller id>-<the seller's order number> */
              id?: string;
              resource_url?: string;
              /** @description {base_url}/marketplace/orders/{id}/messages */
              messages_url?: string;
              /** @description {web_url}/sell/order/{id} */
              uri?: string;
              status?: components["schemas"]["OrderStatus"];
              /** @description The statuses the caller may move the order to: the seller's or the buyer's row of the transition table */
              next_status?: components["schemas"]["OrderStatus"][];
              /** @description The marketplace fee (the fee rule at the time of sale); to the seller only */
              fee?: components["schemas"]["Price"];
              /** Format: date-time */
              created?: string;
              /** Format: date-time */
              last_activity?: string;
              archived?: boolean;
              seller?: components["schemas"]["PartyReference"];
              buyer?: components["schemas"]["PartyReference"];
              /** @description Multi-line address text (personal data; the parties alone read an order) */
              shipping_address?: string;
              additional_instructions?: string;
              items?: {
                  /** @description The listing sold */
                  id?: number;
                  release?: {
                      id?: number;
                      /** @description Artist - Title (Format) */
                      description?: string;
                      resource_url?: string;
                      thumbnail?: string;
                  };
                  price?: components["schemas"]["Price"];
                  /** @description Single-order reads only */
                  media_condition?: string;
                  /** @description Single-order reads only */
                  sleeve_condition?: string | null;
              }[];
              /** @description What the seller charges for shipping (0 until set) and how they ship ("" until set) */
              shipping?: {
                  currency?: components["schemas"]["Currency"];
                  method?: string;
                  value?: number;
              };
              /** @description The items' prices converted into the order's currency, added (shipping not included) */
              total?: components["schemas"]["Price"];
              /** @description Beyond the spec; the refunds recorded as sent and as received, added */
              refunds?: {
                  sent?: components["schemas"]["Price"];
                  received?: components["schemas"]["Price"];
              };
              /** @description Beyond the spec; the feedback the buyer and the seller gave on the order */
              feedback?: {
                  buyer?: components["schemas"]["OrderFeedback"] | null;
                  seller?: components["schemas"]["OrderFeedback"] | null;
              };
          };
          /** @description `username` in place of `name` in the Discogs dialect */
          OrderMessageUser: {
              id?: number;
              name?: string;
              username?: string;
              avatar_url?: string;
              resource_url?: string;
          };
          /** @description One entry of an order's message log. `message` is written when read, in the reader's dialect. The extra fields by type: message (from, to), status (status_id, actor), shipping (original, new), refund_sent and refund_received (refund). */
          OrderMessage: {
              /** @enum {string} */
              type: "message" | "status" | "shipping" | "refund_sent" | "refund_received";
              /** Format: date-time */
              timestamp: string;
              /** @example Seller changed status from Payment Received to Shipped */
              message: string;
              /**
               * @description {Brand} Order #{id}, then New Message, Status Changed, Shipping Changed, Refund Sent or Refund Received
               * @example Discogs Order #42-7, Status Changed
               */
              subject: string;
              order: components["schemas"]["OrderReference"];
              /** @description type message: who wrote it */
              from?: components["schemas"]["OrderMessageUser"];
              /** @description every type (beyond the spec): the other party, who the entry was written to */
              to?: components["schemas"]["OrderMessageUser"];
              /** @description type status: the new status's place in the spec's list (New Order 1 … Cancelled (Per Buyer's Request) 11) */
              status_id?: number;
              /** @description type status: who changed it (`username` for `name` in the Discogs dialect) */
              actor?: {
                  name?: string;
                  username?: string;
                  resource_url?: string;
              };
              /** @description type shipping: the amount before */
              original?: number;
              /** @description type shipping: the amount set */
              new?: number;
              /** @description types refund_sent, refund_received */
              refund?: {
                  amount?: number;
                  order?: components["schemas"]["OrderReference"];
              };
          };
          /** @description The answer to adding a message (the spec's reply); `message` starts with the status sentence when a status was given */
          OrderMessageReply: {
              /** @description `username` alone in the Discogs dialect */
              from?: {
                  name?: string;
                  username?: string;
                  resource_url?: string;
              };
              message?: string;
              order?: components["schemas"]["OrderReference"];
              /** Format: date-time */
              timestamp?: string;
              subject?: string;
              /**
               * @description The entry written: a message, or a status change when only a status was given
               * @enum {string}
               */
              type?: "message" | "status";
          };
          /** @description An inventory export (the spec's record). Times are UTC without an offset, as the spec writes export and upload times. The download address is null until the export succeeded, when it failed, and once its file expired (EXPORT_RETENTION_HOURS). The spec names it _url; the spec dialect writes both _url and download_url, the Discogs dialect download_url alone. */
          InventoryExport: {
              id: number;
              /** @enum {string} */
              status: "pending" | "processing" | "success" | "failed";
              /** @example 2026-11-23T10:05:30 */
              created_ts: string;
              /** @example 2026-11-23T10:05:32 */
              finished_ts: string | null;
              /** @description The export itself: {base_url}/inventory/export/{id} */
              url: string;
              /** @description Spec dialect: {base_url}/inventory/export/{id}/download, or null */
              _url?: string | null;
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
              /** @example 2026-11-23T10:05:30 */
              created_ts: string;
              /** @example 2026-11-23T10:05:31 */
              finished_ts: string | null;
              /**
               * @description The name the file was sent as
               * @example my-stock.csv
               */
              filename: string;
              /** @description {base_url}/inventory/upload/{id} */
              resource_url: string;
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
