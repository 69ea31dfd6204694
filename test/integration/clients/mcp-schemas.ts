import { z } from 'zod';

/*
 * The response schemas of discogs-mcp-server 0.5.7 (its `src/types/**`, as its dist/index.js.map carries them), copied
 * unchanged but for the imports, the parameter-only schemas and the TypeScript types left out, and each file's doc
 * comments. Its services parse every Discogs response with these (`Schema.parse(response)`), so a response that
 * fails one breaks that MCP tool. `MCP_ENDPOINTS` at the end says which request each service parses with which.
 *
 * Do not fix the package's mistakes here: the test lists them as RELAXATIONS, each with its reason.
 */

// ---- src/utils.ts
const urlOrEmptySchema = () => {
  return z.string().refine((val) => val === '' || /^https?:\/\/.+/.test(val), {
    message: 'Must be a valid URL or empty string',
  });
};

// ---- src/types/common.ts
const CurrencyCodeSchema = z.enum([
  'USD', // US Dollar
  'GBP', // British Pound
  'EUR', // Euro
  'CAD', // Canadian Dollar
  'AUD', // Australian Dollar
  'JPY', // Japanese Yen
  'CHF', // Swiss Franc
  'MXN', // Mexican Peso
  'BRL', // Brazilian Real
  'NZD', // New Zealand Dollar
  'SEK', // Swedish Krona
  'ZAR', // South African Rand
]);

const ImageSchema = z.object({
  width: z.number().int().optional(),
  height: z.number().int().optional(),
  resource_url: urlOrEmptySchema(),
  type: z.string().optional(),
  uri: urlOrEmptySchema(),
  uri150: urlOrEmptySchema().optional(),
});

const FilteredResponseSchema = z.object({
  filters: z.object({
    applied: z.record(z.string(), z.array(z.any())).default({}),
    available: z.record(z.string(), z.record(z.string(), z.number().int())).default({}),
  }),
  filter_facets: z.array(
    z.object({
      title: z.string(),
      id: z.string(),
      values: z.array(
        z.object({
          title: z.string(),
          value: z.string(),
          count: z.number().int(),
        }),
      ),
      allows_multiple_values: z.boolean(),
    }),
  ),
});

const PaginationSchema = z.object({
  page: z.number().int().min(0).optional(),
  per_page: z.number().int().min(0).optional(),
  pages: z.number().int().min(0),
  items: z.number().int().min(0),
  urls: z
    .object({
      first: z.string().url().optional(),
      prev: z.string().url().optional(),
      next: z.string().url().optional(),
      last: z.string().url().optional(),
    })
    .optional(),
});

const PaginatedResponseSchema = <T extends z.ZodType, K extends string>(
  itemSchema: T,
  resultsFieldName: K,
) =>
  z.object({
    pagination: PaginationSchema,
    [resultsFieldName]: z.array(itemSchema),
  });

const PaginatedResponseWithObjectSchema = <T extends z.ZodType, K extends string>(
  itemSchema: T,
  resultsFieldName: K,
) =>
  z.object({
    pagination: PaginationSchema,
    [resultsFieldName]: itemSchema,
  });

const StatusSchema = z.enum(['Accepted', 'Draft', 'Deleted', 'Rejected']);

const UsernameInputSchema = z.object({
  username: z.string().min(1, 'username is required'),
});

// ---- src/types/artist.ts
const ArtistBasicSchema = z.object({
  id: z.number(),
  anv: z.string(),
  join: z.string(),
  name: z.string(),
  resource_url: urlOrEmptySchema(),
  role: z.string(),
  tracks: z.string(),
});

const ArtistSchema = z.object({
  id: z.number(),
  aliases: z
    .array(
      z.object({
        id: z.number(),
        name: z.string(),
        resource_url: urlOrEmptySchema(),
        thumbnail_url: urlOrEmptySchema().optional(),
      }),
    )
    .optional(),
  data_quality: z.string().optional(),
  images: z.array(ImageSchema).optional(),
  members: z
    .array(
      z.object({
        id: z.number(),
        active: z.boolean().optional(),
        name: z.string(),
        resource_url: urlOrEmptySchema(),
        thumbnail_url: urlOrEmptySchema().optional(),
      }),
    )
    .optional(),
  name: z.string(),
  namevariations: z.array(z.string()).optional(),
  profile: z.string().optional(),
  realname: z.string().optional(),
  releases_url: urlOrEmptySchema().optional(),
  resource_url: urlOrEmptySchema(),
  uri: urlOrEmptySchema().optional(),
  urls: z.array(z.string()).optional(),
});

const ArtistReleaseSchema = z.object({
  id: z.number(),
  artist: z.string(),
  catno: z.string().optional(),
  format: z.string().optional(),
  label: z.string().optional(),
  main_release: z.number().optional(),
  resource_url: urlOrEmptySchema(),
  role: z.string().optional(),
  status: z.string().optional(),
  stats: z
    .object({
      community: z.object({
        in_collection: z.number(),
        in_wantlist: z.number(),
      }),
      user: z.object({
        in_collection: z.number(),
        in_wantlist: z.number(),
      }),
    })
    .optional(),
  thumb: urlOrEmptySchema().optional(),
  title: z.string(),
  trackinfo: z.string().optional(),
  type: z.string().optional(),
  year: z.number().optional(),
});

const ArtistReleasesSchema = PaginatedResponseSchema(ArtistReleaseSchema, 'releases');

// ---- src/types/label.ts
const LabelBasicSchema = z.object({
  id: z.number(),
  catno: z.string(),
  entity_type: z.string().optional(),
  entity_type_name: z.string().optional(),
  name: z.string(),
  resource_url: urlOrEmptySchema(),
});

const LabelSchema = z.object({
  id: z.number(),
  contact_info: z.string().optional(),
  data_quality: z.string().optional(),
  images: z.array(ImageSchema).optional(),
  name: z.string(),
  parent_label: z
    .object({
      id: z.number(),
      name: z.string(),
      resource_url: urlOrEmptySchema(),
    })
    .optional(),
  profile: z.string().optional(),
  releases_url: urlOrEmptySchema().optional(),
  resource_url: urlOrEmptySchema(),
  sublabels: z
    .array(
      z.object({
        id: z.number(),
        name: z.string(),
        resource_url: urlOrEmptySchema(),
      }),
    )
    .optional(),
  uri: urlOrEmptySchema().optional(),
  urls: z.array(z.string()).optional(),
});

const LabelReleasesSchema = PaginatedResponseSchema(ArtistReleaseSchema, 'releases');

// ---- src/types/release.ts
const ReleaseFormatSchema = z.object({
  descriptions: z.array(z.string()).optional(),
  name: z.string(),
  qty: z.string(),
  text: z.string().optional(),
});

const BasicInformationSchema = z.object({
  id: z.number(),
  artists: z.array(ArtistBasicSchema),
  cover_image: urlOrEmptySchema(),
  formats: z.array(ReleaseFormatSchema),
  genres: z.array(z.string()).optional(),
  master_id: z.number().optional(),
  master_url: urlOrEmptySchema().nullable().optional(),
  labels: z.array(LabelBasicSchema),
  resource_url: urlOrEmptySchema(),
  styles: z.array(z.string()).optional(),
  thumb: urlOrEmptySchema(),
  title: z.string(),
  year: z.number(),
});

const ReleaseSchema = z.object({
  id: z.number().int(),
  artists_sort: z.string().optional(),
  artists: z.array(ArtistBasicSchema),
  blocked_from_sale: z.boolean().optional(),
  companies: z
    .array(
      z.object({
        id: z.number().int().optional(),
        catno: z.string().optional(),
        entity_type: z.string().optional(),
        entity_type_name: z.string().optional(),
        name: z.string().optional(),
        resource_url: urlOrEmptySchema().optional(),
        thumbnail_url: urlOrEmptySchema().optional(),
      }),
    )
    .optional(),
  community: z
    .object({
      contributors: z
        .array(
          z.object({
            resource_url: urlOrEmptySchema().optional(),
            username: z.string().optional(),
          }),
        )
        .optional(),
      data_quality: z.string().optional(),
      have: z.number().int().optional(),
      rating: z
        .object({
          average: z.number().optional(),
          count: z.number().int().optional(),
        })
        .optional(),
      status: z.string().optional(),
      submitter: z
        .object({
          resource_url: urlOrEmptySchema().optional(),
          username: z.string().optional(),
        })
        .optional(),
      want: z.number().int().optional(),
    })
    .optional(),
  country: z.string().optional(),
  data_quality: z.string().optional(),
  date_added: z.string().optional(),
  date_changed: z.string().optional(),
  estimated_weight: z.number().int().optional(),
  extraartists: z.array(ArtistBasicSchema).optional(),
  format_quantity: z.number().int().optional(),
  formats: z.array(ReleaseFormatSchema).optional(),
  genres: z.array(z.string()).optional(),
  identifiers: z
    .array(
      z.object({
        type: z.string(),
        value: z.string(),
        description: z.string().optional(),
      }),
    )
    .optional(),
  images: z.array(ImageSchema).optional(),
  labels: z.array(LabelBasicSchema).optional(),
  lowest_price: z.number().nullable().optional(),
  master_id: z.number().optional(),
  master_url: urlOrEmptySchema().optional(),
  notes: z.string().optional(),
  num_for_sale: z.number().int().optional(),
  released: z.string().optional(),
  released_formatted: z.string().optional(),
  resource_url: urlOrEmptySchema(),
  series: z.array(z.unknown()).optional(),
  status: z.string().optional(),
  styles: z.array(z.string()).optional(),
  thumb: urlOrEmptySchema().optional(),
  title: z.string(),
  tracklist: z
    .array(
      z.object({
        duration: z.string().optional(),
        position: z.string(),
        title: z.string(),
        type_: z.string().optional(),
        extraartists: z.array(ArtistBasicSchema).optional(),
      }),
    )
    .optional(),
  uri: urlOrEmptySchema().optional(),
  videos: z
    .array(
      z.object({
        description: z.string().nullable().optional(),
        duration: z.number().int().optional(),
        embed: z.boolean().optional(),
        title: z.string().optional(),
        uri: urlOrEmptySchema().optional(),
      }),
    )
    .optional(),
  year: z.number(),
});

const ReleaseIdParamSchema = z.object({
  release_id: z.number().min(1, 'The release_id must be non-zero'),
});

const ReleaseRatingSchema = UsernameInputSchema.merge(ReleaseIdParamSchema).extend({
  rating: z.number(),
});

const ReleaseRatingCommunitySchema = ReleaseIdParamSchema.extend({
  rating: z.object({
    average: z.number(),
    count: z.number().int(),
  }),
});

// ---- src/types/master.ts
const MasterReleaseSchema = ReleaseSchema.extend({
  main_release: z.number(),
  most_recent_release: z.number(),
  versions_url: urlOrEmptySchema(),
  main_release_url: urlOrEmptySchema(),
  most_recent_release_url: urlOrEmptySchema(),
  tracklist: z
    .array(
      z.object({
        position: z.string(),
        type_: z.string().optional(),
        title: z.string(),
        duration: z.string().optional(),
        extraartists: z.array(ArtistBasicSchema).optional(),
      }),
    )
    .optional(),
  artists: z.array(
    ArtistBasicSchema.extend({
      thumbnail_url: urlOrEmptySchema().optional(),
    }),
  ),
});

const MasterReleaseVersionItemSchema = z.object({
  id: z.number().int(),
  label: z.string(),
  country: z.string(),
  title: z.string(),
  major_formats: z.array(z.string()),
  format: z.string(),
  catno: z.string(),
  released: z.string(),
  status: StatusSchema,
  resource_url: urlOrEmptySchema(),
  thumb: urlOrEmptySchema().optional(),
  stats: z.object({
    community: z
      .object({
        in_wantlist: z.number().int(),
        in_collection: z.number().int(),
      })
      .optional(),
    user: z
      .object({
        in_wantlist: z.number().int(),
        in_collection: z.number().int(),
      })
      .optional(),
  }),
});

const MasterReleaseVersionsResponseSchema = z.object({
  ...PaginatedResponseSchema(MasterReleaseVersionItemSchema, 'versions').shape,
  ...FilteredResponseSchema.shape,
});

// ---- src/types/database.ts
const SearchResultSchema = z.object({
  id: z.number(),
  barcode: z.array(z.string()).optional(),
  catno: z.string().optional(),
  community: z
    .object({
      have: z.number(),
      want: z.number(),
    })
    .optional(),
  country: z.string().optional(),
  cover_image: urlOrEmptySchema().optional(),
  format: z.array(z.string()).optional(),
  format_quantity: z.number().optional(),
  formats: z
    .array(
      z.object({
        descriptions: z.array(z.string()).optional(),
        name: z.string(),
        qty: z.string(),
        text: z.string().optional(),
      }),
    )
    .optional(),
  genre: z.array(z.string()).optional(),
  label: z.array(z.string()).optional(),
  master_id: z.number().nullable().optional(),
  master_url: urlOrEmptySchema().nullable().optional(),
  resource_url: urlOrEmptySchema(),
  style: z.array(z.string()).optional(),
  thumb: urlOrEmptySchema().optional(),
  title: z.string(),
  type: z.enum(['artist', 'label', 'master', 'release']),
  uri: z.string(),
  user_data: z
    .object({
      in_collection: z.boolean(),
      in_wantlist: z.boolean(),
    })
    .optional(),
  year: z.string().optional(),
});

const SearchResultsSchema = PaginatedResponseSchema(SearchResultSchema, 'results');

// ---- src/types/marketplace.ts
const ConditionSchema = z.enum([
  'Mint (M)',
  'Near Mint (NM or M-)',
  'Very Good Plus (VG+)',
  'Very Good (VG)',
  'Good Plus (G+)',
  'Good (G)',
  'Fair (F)',
  'Poor (P)',
]);

const SleeveConditionSchema = z.enum([
  ...ConditionSchema.options,
  'Generic',
  'Not Graded',
  'No Cover',
]);

const OrderStatusSchema = z.enum([
  'New Order',
  'Buyer Contacted',
  'Invoice Sent',
  'Payment Pending',
  'Payment Received',
  'Shipped',
  'Refund Sent',
  'Cancelled (Non-Paying Buyer)',
  'Cancelled (Item Unavailable)',
  `Cancelled (Per Buyer's Request)`,
]);

const ListingReleaseSchema = z.object({
  catalog_number: z.string().optional(),
  resource_url: urlOrEmptySchema(),
  year: z.number(),
  id: z.number().int(),
  description: z.string(),
  images: z.array(ImageSchema).optional(),
  artist: z.string(),
  title: z.string(),
  format: z.string(),
  thumbnail: urlOrEmptySchema(),
  stats: z.object({
    community: z.object({
      in_wantlist: z.number().int(),
      in_collection: z.number().int(),
    }),
    user: z
      .object({
        in_wantlist: z.number().int(),
        in_collection: z.number().int(),
      })
      .optional(),
  }),
});

const PriceSchema = z.object({
  currency: CurrencyCodeSchema.optional(),
  value: z.number().optional(),
});

const OriginalPriceSchema = z.object({
  curr_abbr: CurrencyCodeSchema.optional(),
  curr_id: z.number().optional(),
  formatted: z.string().optional(),
  value: z.number().optional(),
});

const OrderMessageSchema = z.object({
  timestamp: z.string().optional(),
  message: z.string(),
  type: z.string().optional(),
  order: z.object({
    id: z.number(),
    resource_url: urlOrEmptySchema(),
  }),
  subject: z.string().optional(),
  refund: z
    .object({
      amount: z.number(),
      order: z.object({
        id: z.number(),
        resource_url: urlOrEmptySchema(),
      }),
    })
    .optional(),
  from: z
    .object({
      id: z.number().optional(),
      resource_url: urlOrEmptySchema(),
      username: z.string(),
      avatar_url: urlOrEmptySchema().optional(),
    })
    .optional(),
  status_id: z.number().optional(),
  actor: z
    .object({
      username: z.string(),
      resource_url: urlOrEmptySchema(),
    })
    .optional(),
  original: z.number().optional(),
  new: z.number().optional(),
});

const SaleStatusSchema = z.enum(['For Sale', 'Expired', 'Draft', 'Pending']);

const ListingSchema = z.object({
  id: z.number(),
  resource_url: z.string().url(),
  uri: z.string().url(),
  status: SaleStatusSchema,
  condition: z.string(),
  sleeve_condition: z.string(),
  comments: z.string().optional(),
  ships_from: z.string(),
  posted: z.string(),
  allow_offers: z.boolean(),
  offer_submitted: z.boolean().optional(),
  audio: z.boolean(),
  price: PriceSchema,
  original_price: OriginalPriceSchema,
  shipping_price: PriceSchema.optional(),
  original_shipping_price: OriginalPriceSchema.optional(),
  seller: z.object({
    id: z.number(),
    username: z.string(),
    resource_url: urlOrEmptySchema().optional(),
    avatar_url: urlOrEmptySchema().optional(),
    stats: z.object({
      rating: z.string(),
      stars: z.number(),
      total: z.number(),
    }),
    min_order_total: z.number(),
    html_url: urlOrEmptySchema(),
    uid: z.number(),
    url: urlOrEmptySchema(),
    payment: z.string(),
    shipping: z.string(),
  }),
  release: ListingReleaseSchema,
});

const ListingNewResponseSchema = z.object({
  listing_id: z.number().int(),
  resource_url: z.string().url(),
});

const OrderMessagesResponseSchema = PaginatedResponseSchema(OrderMessageSchema, 'messages');

const OrderResponseSchema = z.object({
  id: z.number(),
  resource_url: urlOrEmptySchema(),
  messages_url: urlOrEmptySchema(),
  uri: urlOrEmptySchema(),
  status: OrderStatusSchema,
  next_status: z.array(OrderStatusSchema),
  fee: PriceSchema,
  created: z.string(),
  items: z.array(
    z.object({
      release: z.object({
        id: z.number(),
        description: z.string().optional(),
      }),
      price: PriceSchema,
      media_condition: ConditionSchema,
      sleeve_condition: SleeveConditionSchema.optional(),
      id: z.number(),
    }),
  ),
  shipping: z.object({
    currency: CurrencyCodeSchema,
    method: z.string(),
    value: z.number(),
  }),
  shipping_address: z.string(),
  address_instructions: z.string().optional(),
  archived: z.boolean().optional(),
  seller: z.object({
    id: z.number(),
    username: z.string(),
    resource_url: urlOrEmptySchema().optional(),
  }),
  last_activity: z.string().optional(),
  buyer: z.object({
    id: z.number(),
    username: z.string(),
    resource_url: urlOrEmptySchema().optional(),
  }),
  total: PriceSchema,
});

const OrdersResponseSchema = PaginatedResponseSchema(OrderResponseSchema, 'orders');

const ReleaseStatsResponseSchema = z.object({
  lowest_price: PriceSchema.nullable().optional(),
  num_for_sale: z.number().nullable().optional(),
  blocked_from_sale: z.boolean(),
});

// ---- src/types/inventory.ts
const InventoryExportItemSchema = z.object({
  status: z.string(),
  created_ts: z.string().nullable(),
  url: urlOrEmptySchema(),
  finished_ts: z.string().nullable(),
  download_url: urlOrEmptySchema(),
  filename: z.string(),
  id: z.number(),
});

const InventoryExportsResponseSchema = PaginatedResponseSchema(
  InventoryExportItemSchema,
  'items',
);

// ---- src/types/user/collection.ts
const UserCollectionCustomFieldsSchema = z.object({
  fields: z.array(
    z.object({
      id: z.number().int(),
      lines: z.number().int().optional(),
      name: z.string(),
      options: z.array(z.string()).optional(),
      position: z.number().int(),
      public: z.boolean(),
      type: z.string(),
    }),
  ),
});

const UserCollectionFolderSchema = z.object({
  id: z.number(),
  count: z.number(),
  name: z.string(),
  resource_url: z.string().url(),
});

const UserCollectionFoldersSchema = z.object({
  folders: z.array(UserCollectionFolderSchema),
});

const UserCollectionReleaseAddedSchema = z.object({
  instance_id: z.number().int(),
  resource_url: z.string().url(),
});

const UserCollectionReleaseItemSchema = z.object({
  id: z.number(),
  instance_id: z.number(),
  basic_information: BasicInformationSchema,
  date_added: z.string().optional(),
  folder_id: z.number(),
  notes: z
    .array(
      z.object({
        field_id: z.number(),
        value: z.string(),
      }),
    )
    .optional(),
  rating: z.number().int().optional(),
});

const UserCollectionItemsByReleaseSchema = PaginatedResponseSchema(
  UserCollectionReleaseItemSchema,
  'releases',
);

const UserCollectionValueSchema = z.object({
  maximum: z.string(),
  median: z.string(),
  minimum: z.string(),
});

// ---- src/types/user/inventory.ts
const UserInventoryResponseSchema = PaginatedResponseSchema(ListingSchema, 'listings');

// ---- src/types/user/lists.ts
const UserListItemSchema = z.object({
  id: z.number(),
  date_added: z.string(),
  date_changed: z.string(),
  description: z.string().optional(),
  name: z.string(),
  public: z.boolean(),
  resource_url: z.string().url(),
  uri: z.string().url(),
});

const UserListsSchema = PaginatedResponseSchema(UserListItemSchema, 'lists');

// ---- src/types/user/profile.ts
const UserProfileSchema = z.object({
  id: z.number(),
  resource_url: z.string().url(),
  uri: z.string().url(),
  username: z.string(),
  name: z.string(),
  home_page: z.string(),
  location: z.string(),
  profile: z.string(),
  registered: z.string(),
  rank: z.number(),
  num_pending: z.number(),
  num_for_sale: z.number(),
  num_lists: z.number(),
  releases_contributed: z.number(),
  releases_rated: z.number(),
  rating_avg: z.number(),
  inventory_url: z.string().url(),
  collection_folders_url: z.string().url(),
  collection_fields_url: z.string().url(),
  wantlist_url: z.string().url(),
  avatar_url: z.string().url(),
  curr_abbr: z.string(),
  activated: z.boolean(),
  marketplace_suspended: z.boolean(),
  banner_url: z.string(),
  buyer_rating: z.number(),
  buyer_rating_stars: z.number(),
  buyer_num_ratings: z.number(),
  seller_rating: z.number(),
  seller_rating_stars: z.number(),
  seller_num_ratings: z.number(),
  is_staff: z.boolean(),
  // Optional fields that may appear in some responses
  email: z.string().email().optional(),
  num_collection: z.number().optional(),
  num_wantlist: z.number().optional(),
  num_unread: z.number().optional(),
});

// ---- src/types/user/wants.ts
const UserWantlistItemSchema = z.object({
  id: z.number(),
  basic_information: BasicInformationSchema,
  notes: z.string().optional(),
  rating: z.number().int().min(0).max(5).optional(),
  resource_url: z.string().url(),
});

const UserWantlistSchema = PaginatedResponseSchema(UserWantlistItemSchema, 'wants');

// ---- src/types/user/contribution.ts
const SubmissionSchema = z.object({
  artists: z.array(ArtistSchema).optional(),
  labels: z.array(LabelSchema).optional(),
  releases: z.array(ReleaseSchema).optional(),
});

const ContributionsResponseSchema = PaginatedResponseSchema(ReleaseSchema, 'contributions');

const SubmissionsResponseSchema = PaginatedResponseWithObjectSchema(
  SubmissionSchema,
  'submissions',
);

// ---- src/types/oauth.ts
const DiscogsUserIdentitySchema = z.object({
  id: z.number(),
  username: z.string(),
  resource_url: z.string().url(),
  consumer_name: z.string(),
});

// ---- src/types/list.ts
const ListItemSchema = z.object({
  id: z.number(),
  comment: z.string().optional(),
  display_title: z.string(),
  image_url: z.string().url(),
  resource_url: z.string().url(),
  stats: z.object({
    community: z.object({
      in_collection: z.number(),
      in_wantlist: z.number(),
    }),
    user: z.object({
      in_collection: z.number(),
      in_wantlist: z.number(),
    }),
  }),
  type: z.string(),
  uri: z.string().url(),
});

const ListSchema = z.object({
  id: z.number(),
  user: z.object({
    id: z.number(),
    avatar_url: z.string().url(),
    username: z.string(),
    resource_url: z.string().url(),
  }),
  name: z.string(),
  description: z.string().optional(),
  public: z.boolean(),
  date_added: z.string(),
  date_changed: z.string(),
  uri: z.string().url(),
  resource_url: z.string().url(),
  image_url: z.string().url().optional(),
  items: z.array(ListItemSchema),
});

// ---- which response each service parses with which schema (src/services/**)

/** A request the MCP server sends and the schema its service parses the JSON answer with. */
export interface McpEndpoint {
  readonly method: 'GET' | 'POST' | 'PUT';
  /** The path (no query) the service requests, under the API root. */
  readonly path: RegExp;
  /** The schema's name in the package's sources. */
  readonly name: string;
  readonly schema: z.ZodType;
}

const user = '/users/[^/]+';
const id = '\\d+';
const at = (method: McpEndpoint['method'], path: string, name: string, schema: z.ZodType): McpEndpoint => ({
  method,
  path: new RegExp(`^${path}$`),
  name,
  schema,
});

export const MCP_ENDPOINTS: readonly McpEndpoint[] = [
  // services/oauth.ts, services/user/profile.ts
  at('GET', '/oauth/identity', 'DiscogsUserIdentitySchema', DiscogsUserIdentitySchema),
  at('GET', user, 'UserProfileSchema', UserProfileSchema),
  at('POST', user, 'UserProfileSchema', UserProfileSchema),
  // services/user/collection.ts
  at('GET', `${user}/collection/folders`, 'UserCollectionFoldersSchema', UserCollectionFoldersSchema),
  at('POST', `${user}/collection/folders`, 'UserCollectionFolderSchema', UserCollectionFolderSchema),
  at('GET', `${user}/collection/folders/${id}`, 'UserCollectionFolderSchema', UserCollectionFolderSchema),
  at('POST', `${user}/collection/folders/${id}`, 'UserCollectionFolderSchema', UserCollectionFolderSchema),
  at('GET', `${user}/collection/folders/${id}/releases`, 'UserCollectionItemsByReleaseSchema', UserCollectionItemsByReleaseSchema),
  at('POST', `${user}/collection/folders/${id}/releases/${id}`, 'UserCollectionReleaseAddedSchema', UserCollectionReleaseAddedSchema),
  at('GET', `${user}/collection/releases/${id}`, 'UserCollectionItemsByReleaseSchema', UserCollectionItemsByReleaseSchema),
  at('GET', `${user}/collection/fields`, 'UserCollectionCustomFieldsSchema', UserCollectionCustomFieldsSchema),
  at('GET', `${user}/collection/value`, 'UserCollectionValueSchema', UserCollectionValueSchema),
  // services/user/wants.ts, services/user/lists.ts, services/list.ts
  at('GET', `${user}/wants`, 'UserWantlistSchema', UserWantlistSchema),
  at('PUT', `${user}/wants/${id}`, 'UserWantlistItemSchema', UserWantlistItemSchema),
  at('POST', `${user}/wants/${id}`, 'UserWantlistItemSchema', UserWantlistItemSchema),
  at('GET', `${user}/lists`, 'UserListsSchema', UserListsSchema),
  at('GET', `/lists/${id}`, 'ListSchema', ListSchema),
  // services/user/inventory.ts, services/user/contribution.ts
  at('GET', `${user}/inventory`, 'UserInventoryResponseSchema', UserInventoryResponseSchema),
  at('GET', `${user}/contributions`, 'ContributionsResponseSchema', ContributionsResponseSchema),
  at('GET', `${user}/submissions`, 'SubmissionsResponseSchema', SubmissionsResponseSchema),
  // services/release.ts, services/master.ts, services/artist.ts, services/label.ts, services/database.ts
  at('GET', `/releases/${id}`, 'ReleaseSchema', ReleaseSchema),
  at('GET', `/releases/${id}/rating`, 'ReleaseRatingCommunitySchema', ReleaseRatingCommunitySchema),
  at('GET', `/releases/${id}/rating/[^/]+`, 'ReleaseRatingSchema', ReleaseRatingSchema),
  at('PUT', `/releases/${id}/rating/[^/]+`, 'ReleaseRatingSchema', ReleaseRatingSchema),
  at('GET', `/masters/${id}`, 'MasterReleaseSchema', MasterReleaseSchema),
  at('GET', `/masters/${id}/versions`, 'MasterReleaseVersionsResponseSchema', MasterReleaseVersionsResponseSchema),
  at('GET', `/artists/${id}`, 'ArtistSchema', ArtistSchema),
  at('GET', `/artists/${id}/releases`, 'ArtistReleasesSchema', ArtistReleasesSchema),
  at('GET', `/labels/${id}`, 'LabelSchema', LabelSchema),
  at('GET', `/labels/${id}/releases`, 'LabelReleasesSchema', LabelReleasesSchema),
  at('GET', '/database/search', 'SearchResultsSchema', SearchResultsSchema),
  // services/marketplace.ts, services/inventory.ts
  at('POST', '/marketplace/listings', 'ListingNewResponseSchema', ListingNewResponseSchema),
  at('GET', `/marketplace/listings/${id}`, 'ListingSchema', ListingSchema),
  at('GET', '/marketplace/orders', 'OrdersResponseSchema', OrdersResponseSchema),
  at('GET', '/marketplace/orders/[^/]+', 'OrderResponseSchema', OrderResponseSchema),
  at('POST', '/marketplace/orders/[^/]+', 'OrderResponseSchema', OrderResponseSchema),
  at('GET', '/marketplace/orders/[^/]+/messages', 'OrderMessagesResponseSchema', OrderMessagesResponseSchema),
  at('POST', '/marketplace/orders/[^/]+/messages', 'OrderMessageSchema', OrderMessageSchema),
  at('GET', `/marketplace/stats/${id}`, 'ReleaseStatsResponseSchema', ReleaseStatsResponseSchema),
  at('GET', '/inventory/export', 'InventoryExportsResponseSchema', InventoryExportsResponseSchema),
  at('GET', `/inventory/export/${id}`, 'InventoryExportItemSchema', InventoryExportItemSchema),
];

/** The schema the MCP server parses this request's answer with, if any. */
export function mcpEndpointFor(method: string, path: string): McpEndpoint | undefined {
  return MCP_ENDPOINTS.find((e) => e.method === method && e.path.test(path));
}
