/**
 * A request's input, checked at the edge into its typed form when the use case asks for it. The use case calls it
 * after the checks of the path and the caller, so a 404, 401 or 403 still comes before the 422 of a bad body (the
 * order every route keeps); a bad input throws the edge's `invalid` refusal, naming the first problem (or every
 * problem, for the bodies that report them all). `Context` is what the check needs that only the use case knows,
 * given when it asks: an order's currency, in which the body's amounts are read.
 */
export type CheckedInput<T, Context extends readonly unknown[] = []> = (...context: Context) => T;
