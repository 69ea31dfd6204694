/**
 * A request's input, checked at the edge into its typed form when the use case asks for it. The use case calls it
 * after the checks of the path and the caller, so a 404, 401 or 403 still comes before the 422 of a bad body (the
 * order every route keeps); a bad input throws the edge's `invalid` refusal, naming the first problem.
 */
export type CheckedInput<T> = () => T;
