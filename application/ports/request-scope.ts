/**
 * An isolation scope for one request or one command: adapters that keep per-caller state (the ORM's identity map)
 * start it fresh for each scope, so nothing is shared between concurrent requests. Driving adapters (HTTP, CLI) run
 * each request in a scope; the work inside reaches it implicitly through async context.
 */
export interface RequestScope {
  run<T>(work: () => Promise<T>): Promise<T>;
}
