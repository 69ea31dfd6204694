import { IsString, Matches, MaxLength, ValidateBy, ValidateIf } from 'class-validator';
import type { ProfileEditInput } from '../../../application/users/edit-profile.js';
import { isCurrency, type Currency } from '../../../domain/marketplace/currency.js';
import { currencyCode, Normalize, validateBody, type FieldProblem } from '../query.js';

const LIMITS = { realName: 200, location: 200, profile: 10_000, homePage: 2_000, currency: 100 } as const;

/** Checks a property only when the body has it (`null` is a value, refused as not a string). */
const Given = (): PropertyDecorator => ValidateIf((_dto, value) => value !== undefined);

/**
 * A text field of a profile edit: a string (sent with spaces around, kept without, then `normalize`d), at most
 * `limit` characters; the type is checked before the length.
 */
function TextField(key: string, limit: number, normalize: (trimmed: string) => string = (trimmed) => trimmed): PropertyDecorator {
  return (prototype, property) => {
    Given()(prototype, property);
    Normalize((value) => normalize(value.trim()))(prototype, property);
    IsString({ message: `${key} must be a string.` })(prototype, property);
    MaxLength(limit, { message: `${key} is at most ${limit} characters long.` })(prototype, property);
  };
}

/**
 * The body of `POST /s/{name}`: only the fields sent change. The real name is `real_name` in the spec dialect and
 * `name` in the Discogs one; both are accepted (input always accepts both dialects), `name` only without `real_name`.
 * The fields are checked in this order, the first problem being the 422.
 */
export class ProfileBody {
  @TextField('real_name', LIMITS.realName) real_name?: string;

  @ValidateIf((dto: ProfileBody) => dto.real_name === undefined)
  @TextField('name', LIMITS.realName)
  name?: string;

  @Matches(/^$|^https?:\/\/[^\s/]+/i, { message: 'home_page must be an http or https URL.' })
  @TextField('home_page', LIMITS.homePage)
  home_page?: string;

  @TextField('location', LIMITS.location) location?: string;

  @TextField('profile', LIMITS.profile) profile?: string;

  @ValidateBy({
    name: 'currency',
    validator: {
      validate: (value: unknown) => typeof value === 'string' && isCurrency(value),
      defaultMessage: (args) => `curr_abbr must be a currency the service knows, got "${String(args?.value)}".`,
    },
  })
  @TextField('curr_abbr', LIMITS.currency, currencyCode)
  curr_abbr?: string;
}

/** The profile edit a request carries, checked into its input (a body that is not a JSON object is a 422). */
export function profileEditInput(body: unknown): ProfileEditInput {
  return profileEditOf(validateBody(ProfileBody, body, { notAnObject: 'The body must be a JSON object.' }));
}

/**
 * A profile form's fields checked as the API checks its body, every problem at once (by field, in the body's names),
 * for the settings page: the edit, or the problems.
 */
export function profileFormInput(fields: Record<string, string>): { readonly input: ProfileEditInput; readonly problems: readonly FieldProblem[] } {
  const { dto, problems } = validateBody(ProfileBody, fields, { everyProblem: true });
  return { input: profileEditOf(dto), problems };
}

/** The input a checked profile body gives. */
function profileEditOf(dto: ProfileBody): ProfileEditInput {
  const realName = dto.real_name ?? dto.name;
  return {
    ...(realName !== undefined && { realName }),
    ...(dto.home_page !== undefined && { homePage: dto.home_page }),
    ...(dto.location !== undefined && { location: dto.location }),
    ...(dto.profile !== undefined && { profile: dto.profile }),
    ...(dto.curr_abbr !== undefined && { currency: dto.curr_abbr as Currency }),
  };
}
