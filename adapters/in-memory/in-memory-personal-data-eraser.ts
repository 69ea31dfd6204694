import type { PersonalDataEraser } from '../../application/ports/personal-data-eraser.js';

/** An in-memory store that can forget everything it holds of a person (what its tables' `delete`s do on SQL). */
export interface ErasableStore {
  eraseUser(userId: number): void;
}

/** A module's `PersonalDataEraser` in memory: the stores given forget the person, in order (enlisted stores: a failed run puts it back). */
export class InMemoryPersonalDataEraser implements PersonalDataEraser {
  constructor(
    readonly holds: string,
    private readonly stores: readonly ErasableStore[],
  ) {}

  async erase(userId: number): Promise<void> {
    for (const store of this.stores) store.eraseUser(userId);
  }
}
