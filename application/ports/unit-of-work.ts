/**
 * Runs a piece of work as one transaction: everything the work writes through the repositories of the same adapter
 * family is committed together when the work returns, or not at all when it throws (the error is rethrown as it
 * was). A `run` called inside another `run` joins the outer transaction: it neither commits nor rolls back on its own
 * (there is no savepoint), so the outermost call decides.
 *
 * Concurrent `run`s on one instance are isolated from each other as the adapter's store allows (PostgreSQL's
 * read committed; the embedded database and the in-memory adapter run them one after another). Repositories reach
 * the current transaction implicitly (the adapters carry it in async context), so a use case only wraps its work:
 * `await this.uow.run(async () => { … })`.
 */
export interface UnitOfWork {
  run<T>(work: () => Promise<T>): Promise<T>;
}
