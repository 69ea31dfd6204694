import { ValidateBy } from 'class-validator';
import { Refusal } from '../../domain/shared/refusal.js';
import { filledBody, problemsOf } from './query.js';

/*
 * The orders' policy over the every-problem mode of body validation (query.ts: `filledBody`, `problemsOf`, the same
 * filling and problems `validateBody` uses): for the bodies whose 422 names every bad field at once (the orders' and
 * the checkout's), a body must be an object, and the first problem of each property, in declaration order, is joined
 * into one `invalid` Refusal (`Refusal.ofProblems`), as the domain's hand readers did before.
 */

/**
 * One rule of a property: `problemOf` answers the client's sentence for a bad value (it sees the whole DTO, for a
 * rule across fields), or undefined when the value is good. Registered as one class-validator constraint, so a
 * property's check order is the order of its rules' sentences.
 */
export function Problem<T extends object>(problemOf: (value: unknown, dto: T) => string | undefined): PropertyDecorator {
  return ValidateBy({
    name: 'problem',
    validator: {
      validate: (value, args) => problemOf(value, args!.object as T) === undefined,
      defaultMessage: (args) => problemOf(args!.value, args!.object as T) ?? '',
    },
  });
}

/**
 * Copies a body's fields onto the DTO instance given (made by the caller, so that it may carry what its rules need
 * beyond the body, such as a currency) and validates it with class-validator. A body that is not a JSON object (none
 * included) is refused with `notAnObject`; else every property's first problem, in declaration order, is named in one
 * `invalid` Refusal whose message joins them. Fields are set as own properties, so a `__proto__` key replaces nothing.
 */
export function validateBodyAll<T extends object>(dto: T, body: unknown, notAnObject: string): T {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw Refusal.ofProblems([notAnObject]);
  const problems = problemsOf(filledBody(dto, body));
  if (problems.length > 0) throw Refusal.ofProblems(problems.map((p) => p.message));
  return dto;
}

/** Whether a body field was given: JSON's null counts as absent. */
export const isGiven = (value: unknown): boolean => value !== undefined && value !== null;
