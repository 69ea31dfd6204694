import type { UserRepository } from '../../domain/identity/identity-repositories.js';
import { OPEN_ORDER_STATUSES } from '../../domain/orders/order-lifecycle.js';
import type { OrderRepository } from '../../domain/orders/order-repository.js';
import { Refusal, type RefusalProblem } from '../../domain/shared/refusal.js';
import type { AccountGuard } from '../ports/account-guard.js';
import type { Clock } from '../ports/clock.js';
import type { Logger } from '../ports/logger.js';
import type { PasswordHasher } from '../ports/password-hasher.js';
import type { PersonalDataEraser } from '../ports/personal-data-eraser.js';
import type { RateLimitStore } from '../ports/rate-limit-store.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import { currentPasswordRight } from './change-password.js';

/** The refusal of a deletion while orders are under way (a `conflict`, code `open orders`); `{ids}` names them. */
export const openOrdersMessage = (ids: readonly string[]): string =>
  `Your account cannot be deleted while ${ids.length === 1 ? 'an order is' : `${ids.length} orders are`} under way (${ids.join(', ')}): ` +
  'finish or cancel them first (shipped and cancelled orders do not stand in the way).';

/** The problem of a deletion not confirmed (field `confirm`). */
export const DELETION_UNCONFIRMED = 'Tick this box to confirm that the account and everything listed above go for good.';

export interface DeleteAccountInput {
  readonly userId: number;
  /** The account's password, re-entered; null only from the operator's command, which needs none. */
  readonly password: string | null;
  /** That the person confirmed the deletion (a ticked box, the command's `--yes`). */
  readonly confirmed: boolean;
}

/**
 * Deletes an account (ADR 0060). Refused (`conflict`, `openOrdersMessage`) while the person is the buyer or the seller
 * of an order in `OPEN_ORDER_STATUSES`. Otherwise, in one unit of work: the account is locked against checkouts
 * (`UserRepository.lock` … `update`: a checkout locks its buyer and sellers `share` first, so of the two one waits for
 * the other, and the deletion looks for open orders after any checkout it waited for has placed its orders; every
 * other write on the person's behalf holds the account `share` too, the `AccountGuard`, so it commits before the
 * erasers run or is refused), every module erases what it holds of the person (`PersonalDataEraser`: sessions,
 * tokens, applications, collection, wantlist, lists, ratings, cart, listings but those sold, jobs, events, webhook
 * subscriptions), and the row becomes a tombstone (`markDeleted`): the name stays reserved and shown on the other party's orders and feedback, which stay.
 * A page passes the re-entered password: a wrong one is an `invalid` problem of the field `password` and counts
 * toward `PASSWORD_CHANGE_FAILURES`, as on the other settings forms; an unconfirmed deletion is a problem of the
 * field `confirm` (both at once, nothing deleted). Answers the name the account had.
 */
export class DeleteAccount {
  constructor(
    private readonly users: UserRepository,
    private readonly orders: OrderRepository,
    private readonly erasers: readonly PersonalDataEraser[],
    private readonly hasher: PasswordHasher,
    private readonly failures: RateLimitStore,
    private readonly uow: UnitOfWork,
    private readonly guard: AccountGuard,
    private readonly clock: Clock,
    private readonly logger: Logger,
  ) {}

  async execute(input: DeleteAccountInput): Promise<string> {
    const user = await this.users.byId(input.userId);
    if (!user || user.deletedAt) throw new Refusal('not-found', 'There is no such user.');
    const problems: RefusalProblem[] = [];
    if (input.password !== null && !(await currentPasswordRight(this.failures, this.hasher, user, input.password))) {
      problems.push({ field: 'password', message: 'The password is not right.' });
    }
    if (!input.confirmed) problems.push({ field: 'confirm', message: DELETION_UNCONFIRMED });
    if (problems.length > 0) throw Refusal.ofProblems(problems);
    // On nobody's behalf: the deletion takes the account's exclusive lock itself, first (a hold of its own taken
    // before it would deadlock two deletions of one account: each would wait for the other's hold to go).
    await this.guard.actingFor(null, () =>
      this.uow.run(async () => {
        const [locked] = await this.users.lock([user.id], 'update');
        if (!locked) throw new Refusal('not-found', 'There is no such user.');
        const open = await this.orders.idsInStatuses(user.id, OPEN_ORDER_STATUSES);
        if (open.length > 0) throw new Refusal('conflict', openOrdersMessage(open), { code: 'open orders' });
        for (const eraser of this.erasers) await eraser.erase(user.id);
        await this.users.markDeleted(user.id, this.clock.now());
      }),
    );
    this.logger.info({ event: 'account deleted', user: user.username, erased: this.erasers.map((e) => e.holds) }, 'account deleted');
    return user.username;
  }
}
