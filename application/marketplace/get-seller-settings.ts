import type { UserRepository } from '../../domain/identity/identity-repositories.js';
import type { SellerRepository } from '../../domain/marketplace/seller-repository.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import { type SellerSettingsActor, type SellerSettingsView, sellerFor, sellerSettingsView } from './seller-settings.js';

/**
 * A user's seller settings: their profile currency, their payment and shipping terms, shipping price and minimum
 * order, read together in one unit of work, and whether they make the user a complete seller.
 */
export class GetSellerSettings {
  constructor(
    private readonly users: UserRepository,
    private readonly sellers: SellerRepository,
    private readonly uow: UnitOfWork,
  ) {}

  async execute(input: { readonly name: string; readonly actor: SellerSettingsActor }): Promise<SellerSettingsView> {
    return this.uow.run(async () => {
      const user = await sellerFor(this.users, input.name, input.actor);
      return sellerSettingsView(user, await this.sellers.settingsOf(user.id));
    });
  }
}
