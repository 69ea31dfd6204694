/** The current time; injected so that use cases and tests agree on "now". */
export interface Clock {
  now(): Date;
}
