import { Contribution, type ContributionKind } from '../../domain/contributions/contribution.js';
import type { ContributionRepository } from '../../domain/contributions/contribution-repository.js';
import type { UserRepository } from '../../domain/identity/identity-repositories.js';
import { NotFound } from '../errors.js';
import type { CatalogueReader } from '../ports/catalogue-reader.js';
import type { Clock } from '../ports/clock.js';
import type { IdGenerator } from '../ports/id-generator.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';

export interface RecordContributionInput {
  /** The user's login name (any case). */
  readonly user: string;
  /** artist, label, master or release. */
  readonly kind: string;
  readonly catalogueId: number;
  /** `submitted` (the user created the record) or `edited` (the user changed it). */
  readonly action: string;
  readonly comment?: string;
  /** When it happened; now when left out (an operator may record past history). */
  readonly at?: Date;
}

/** The catalogue's own message for a record it does not hold. */
const NOT_FOUND: Record<ContributionKind, string> = {
  artist: 'Artist not found.',
  label: 'Label not found.',
  master: 'Master Release not found.',
  release: 'Release not found.',
};

/**
 * Records one entry of the edit history: that a user submitted or edited a catalogue record (for the demo, the
 * `spindle contribution add` command and the service's write paths). The user and the record must exist (NotFound
 * with the catalogue's message otherwise); a bad field the domain's invalid Refusal; a second submission of a record
 * a conflict Refusal (a record has one submitter; record an edit instead). Returns the entry stored.
 */
export class RecordContribution {
  constructor(
    private readonly users: UserRepository,
    private readonly catalogue: CatalogueReader,
    private readonly contributions: ContributionRepository,
    private readonly uow: UnitOfWork,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
  ) {}

  async execute(input: RecordContributionInput): Promise<Contribution> {
    const user = await this.users.byLoginName(input.user);
    if (!user) throw new NotFound(`There is no user ${JSON.stringify(input.user)}.`);
    const entry = Contribution.record({
      id: this.ids.next(),
      userId: user.id,
      kind: input.kind,
      catalogueId: input.catalogueId,
      action: input.action,
      at: input.at ?? this.clock.now(),
      comment: input.comment,
    });
    if (!(await this.exists(entry.kind, entry.catalogueId))) throw new NotFound(NOT_FOUND[entry.kind]);
    await this.uow.run(() => this.contributions.add(entry));
    return entry;
  }

  private async exists(kind: ContributionKind, id: number): Promise<boolean> {
    switch (kind) {
      case 'artist':
        return (await this.catalogue.artist(id)) !== null;
      case 'label':
        return (await this.catalogue.label(id)) !== null;
      case 'master':
        return (await this.catalogue.master(id)) !== null;
      case 'release':
        return (await this.catalogue.release(id)) !== null;
    }
  }
}
