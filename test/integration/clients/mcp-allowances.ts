import { mcpEndpointFor } from './mcp-schemas.js';

/*
 * What an answer may do that discogs-mcp-server's schemas (mcp-schemas.ts) refuse, each kind of issue named once:
 * - RELAXATIONS: the package's own mistakes, where the live API (its documentation, or this project's spec/api-v2.md
 *   drawn from it) answers as we do and the package's parse would fail on the real service too;
 * - DEPARTURES: where this server answers otherwise than the live API, pinned so that each is seen and none grows.
 * An allowance names the schemas and the issue's place (array indices as `*`), and accepts only the exact value it is
 * about: the rest of the schema still holds. Every allowance must be used by the test, or it is dead and goes.
 */

/** One kind of issue allowed, on the value at the issue's place (`parent`: the object holding it). */
export interface Allowance {
  readonly name: string;
  readonly schemas: readonly string[];
  readonly at: RegExp;
  readonly accepts: (value: unknown, parent: Record<string, unknown> | undefined) => boolean;
}

const ORDER_ID = /^\d+-\d+$/;

export const RELAXATIONS: readonly Allowance[] = [
  // Order ids are strings of the form `<number>-<number>` ("1-1"; spec/api-v2.md part 2, Order), in the order and in
  // every message's `order`; the package types them `z.number()` (OrderResponseSchema.id, OrderMessageSchema.order.id).
  // The Discogs documentation's own examples write "id": "1-1".
  {
    name: 'order ids are strings',
    schemas: ['OrdersResponseSchema', 'OrderResponseSchema', 'OrderMessageSchema', 'OrderMessagesResponseSchema'],
    at: /^(orders\.\*\.id|id|order\.id|messages\.\*\.order\.id|(messages\.\*\.)?refund\.order\.id)$/,
    accepts: (v) => typeof v === 'string' && ORDER_ID.test(v),
  },
  // `In Progress` is an order status (spec/api-v2.md part 3, Order statuses; after Payment Received an order may move
  // to In Progress, Shipped or Refund Sent), missing from the package's OrderStatusSchema, so every paid order fails
  // in `next_status`.
  {
    name: 'In Progress is an order status',
    schemas: ['OrdersResponseSchema', 'OrderResponseSchema'],
    at: /^((orders\.\*\.)?(status|next_status\.\*))$/,
    accepts: (v) => v === 'In Progress',
  },
  // A seller's own inventory lists every listing of theirs, sold ones too: the inventory's status filter takes All,
  // Deleted, Draft, Expired, For Sale, Sold, Suspended, Violation (spec/api-v2.md part 4, GET /users/{name}/inventory).
  // The package's SaleStatusSchema knows only For Sale, Expired, Draft and Pending.
  {
    name: 'inventory listings may be Sold, Suspended…',
    schemas: ['UserInventoryResponseSchema', 'ListingSchema'],
    at: /^((listings\.\*\.)?status)$/,
    accepts: (v) => typeof v === 'string' && ['Sold', 'Deleted', 'Suspended', 'Violation'].includes(v),
  },
  // The orders list carries each item's release and price; `media_condition` and `sleeve_condition` appear on
  // single-order reads only (spec/api-v2.md part 2, Order, items). The package's OrdersResponseSchema reuses the
  // single order's item, media condition required.
  {
    name: 'order list items have no media condition',
    schemas: ['OrdersResponseSchema'],
    at: /^orders\.\*\.items\.\*\.media_condition$/,
    accepts: (v) => v === undefined,
  },
  // `stats` counts who holds a record in their collection or wantlist, which only releases can be in; the documented
  // list item (comment, display_title, uri, image_url, resource_url, type, id) has no `stats` at all. The package
  // requires it on every item, an artist's or a label's too.
  {
    name: 'list items of artists and labels have no stats',
    schemas: ['ListSchema'],
    at: /^items\.\*\.stats$/,
    accepts: (v, item) => v === undefined && (item?.type === 'artist' || item?.type === 'label'),
  },
];

export const DEPARTURES: readonly Allowance[] = [
  // The catalogue comes from the data dumps, which carry no images (dropped from them in 2024): a list and its items
  // then have no picture and we write `""`, where the live site always shows one and the package wants a URL.
  {
    name: 'lists without pictures have image_url ""',
    schemas: ['ListSchema'],
    at: /^(image_url|items\.\*\.image_url)$/,
    accepts: (v) => v === '',
  },
  // An export not finished yet has no file: we write `download_url: null` (the live API's value before the file
  // exists is not documented); the package wants a URL or "".
  {
    name: 'unfinished exports have download_url null',
    schemas: ['InventoryExportsResponseSchema', 'InventoryExportItemSchema'],
    at: /^(items\.\*\.)?download_url$/,
    accepts: (v, job) => v === null && job?.status !== 'success',
  },
  // The dumps do not say who submitted a release: we write `community.submitter: null`, where the live API names the
  // submitting user.
  {
    name: 'dump releases have no submitter',
    schemas: ['ReleaseSchema'],
    at: /^community\.submitter$/,
    accepts: (v) => v === null,
  },
  // A listing may be made without a sleeve grade; its order item then has `sleeve_condition: ""` (the live API's form
  // for an ungraded sleeve is not documented); the package wants one of the grades or no key.
  {
    name: 'ungraded sleeves are ""',
    schemas: ['OrderResponseSchema'],
    at: /^items\.\*\.sleeve_condition$/,
    accepts: (v) => v === '',
  },
];

/** A JSON answer the server gave. */
export interface Answer {
  readonly method: string;
  readonly path: string;
  readonly status: number;
  readonly body: unknown;
}

/**
 * Checks answers against the MCP schemas, counting what each allowance let through and which schemas were used.
 * Answers of endpoints the package does not read, and error answers (it does not parse those), are left alone.
 */
export class McpCheck {
  /** How often each allowance was used, by name. */
  readonly used = new Map<string, number>();
  /** The schemas answers were checked against. */
  readonly schemas = new Set<string>();

  /** The issues no allowance accepts, as `METHOD path → Schema: place: message`. */
  check(answers: readonly Answer[]): string[] {
    const unexplained: string[] = [];
    for (const answer of answers) {
      if (answer.status < 200 || answer.status >= 300) continue;
      const endpoint = mcpEndpointFor(answer.method, answer.path.replace(/(.)\/$/, '$1'));
      if (!endpoint) continue;
      this.schemas.add(endpoint.name);
      const result = endpoint.schema.safeParse(answer.body);
      if (result.success) continue;
      for (const issue of result.error.issues) {
        const place = issue.path.map((p) => (typeof p === 'number' ? '*' : String(p))).join('.');
        const parent = valueAt(answer.body, issue.path.slice(0, -1)) as Record<string, unknown> | undefined;
        const value = valueAt(answer.body, issue.path);
        const allowance = [...RELAXATIONS, ...DEPARTURES].find(
          (a) => a.schemas.includes(endpoint.name) && a.at.test(place) && a.accepts(value, parent),
        );
        if (allowance) this.used.set(allowance.name, (this.used.get(allowance.name) ?? 0) + 1);
        else unexplained.push(`${answer.method} ${answer.path} → ${endpoint.name}: ${place}: ${issue.message} (got ${JSON.stringify(value)})`);
      }
    }
    return unexplained;
  }
}

function valueAt(body: unknown, path: readonly PropertyKey[]): unknown {
  let at: unknown = body;
  for (const key of path) at = at === null || typeof at !== 'object' ? undefined : (at as Record<PropertyKey, unknown>)[key];
  return at;
}
