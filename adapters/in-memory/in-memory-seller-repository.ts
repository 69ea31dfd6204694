import type { SellerSettings } from '../../domain/marketplace/seller.js';
import type { SellerRepository } from '../../domain/marketplace/seller-repository.js';
import type { ErasableStore } from './in-memory-personal-data-eraser.js';
import type { InMemoryTransactional, InMemoryUnitOfWork } from './in-memory-unit-of-work.js';

/** Sellers' settings in memory, one per user; enlisted in an `InMemoryUnitOfWork`, so a failed run puts them back. */
export class InMemorySellerRepository implements SellerRepository, InMemoryTransactional, ErasableStore {
  private settings = new Map<number, SellerSettings>();

  constructor(private readonly uow: InMemoryUnitOfWork) {
    uow.enlist(this);
  }

  async settingsOf(userId: number): Promise<SellerSettings | null> {
    return this.settings.get(userId) ?? null;
  }

  async put(settings: SellerSettings): Promise<void> {
    if (!this.uow.active) throw new Error('SellerRepository.put must run inside a unit of work');
    this.settings.set(settings.userId, { ...settings });
  }

  eraseUser(userId: number): void {
    this.settings.delete(userId);
  }

  snapshot(): unknown {
    return new Map(this.settings);
  }

  restore(snapshot: unknown): void {
    this.settings = new Map(snapshot as Map<number, SellerSettings>);
  }
}
