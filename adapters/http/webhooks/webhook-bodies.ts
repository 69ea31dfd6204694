import { ValidateBy } from 'class-validator';
import type { NewWebhookBody } from '../../../application/webhooks/create-webhook.js';
import { EVENT_TYPES, isEventType, type EventType } from '../../../domain/events/event.js';
import { MAX_WEBHOOK_URL_LENGTH } from '../../../domain/webhooks/webhook.js';
import { validateBody } from '../query.js';

/*
 * What clients send to subscribe (a JSON body, the developer settings page's form), checked into the use case's input
 * (ADR 0041). Shapes and known event types are refused here (422, naming the field); the address rule is the
 * operator's (the use case asks the URL policy).
 */

/** The event types a field holds: a JSON array of names, or names separated by commas or repeated (a form's checkboxes). */
function typesOf(value: unknown): string[] | undefined {
  if (typeof value === 'string') return value.split(',').map((t) => t.trim()).filter((t) => t !== '');
  if (Array.isArray(value) && value.every((t) => typeof t === 'string')) return value.flatMap((t: string) => t.split(',')).map((t) => t.trim()).filter((t) => t !== '');
  return undefined;
}

/** `POST /webhooks`: `url` (an https URL) and `events` (event type names, at least one). */
export class NewWebhookFields {
  @ValidateBy({
    name: 'webhookUrl',
    validator: {
      validate: (value: unknown) => typeof value === 'string' && value.trim() !== '' && value.length <= MAX_WEBHOOK_URL_LENGTH,
      defaultMessage: (args) =>
        args?.value === undefined || args.value === null || args.value === ''
          ? 'url is required.'
          : typeof args.value !== 'string'
            ? 'url must be a string.'
            : `url must be at most ${MAX_WEBHOOK_URL_LENGTH} characters long.`,
    },
  })
  url?: unknown;

  @ValidateBy({
    name: 'eventTypes',
    validator: {
      validate: (value: unknown) => {
        const types = typesOf(value);
        return types !== undefined && types.length > 0 && types.every(isEventType);
      },
      defaultMessage: (args) =>
        args?.value === undefined || args.value === null || typesOf(args.value)?.length === 0
          ? 'events is required: at least one event type.'
          : `events must be a list of event types, each one of ${EVENT_TYPES.join(', ')}.`,
    },
  })
  events?: unknown;
}

/** The problems of a new subscription's form, by field (`url`, `events`); empty when none. */
export function newWebhookProblems(body: unknown): Record<string, string> {
  const { problems } = validateBody(NewWebhookFields, body, { everyProblem: true });
  return Object.fromEntries(problems.map((p) => [p.field, p.message]));
}

/** The subscription a body asks for, checked. */
export function newWebhookInput(body: unknown): NewWebhookBody {
  const dto = validateBody(NewWebhookFields, body, { notAnObject: 'The body must be a JSON object.' });
  return { url: (dto.url as string).trim(), eventTypes: typesOf(dto.events) as EventType[] };
}
