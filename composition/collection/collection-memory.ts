import { ContainerModule } from 'inversify';
import { InMemoryCollectionStore } from '../../adapters/in-memory/in-memory-collection-repositories.js';
import type { CatalogueReader } from '../../application/ports/catalogue-reader.js';
import { CATALOGUE } from '../catalogue/catalogue-tokens.js';
import { SEARCH } from '../search/search-tokens.js';
import type { MemoryRuntime } from '../spindle-module.js';
import { COLLECTION } from './collection-tokens.js';
import { InMemoryPersonalDataEraser } from '../../adapters/in-memory/in-memory-personal-data-eraser.js';
import { IDENTITY } from '../identity/identity-tokens.js';

/**
 * Collections and wantlists in the in-memory storage, enlisted in its unit of work; the read models (the folders' and
 * wantlist's sorted pages, the catalogue's collection and wantlist counts, a search result's `user_data`) counted from
 * them on each read, with the release fields the catalogue module's reader tells (the database keeps the counts on
 * the release rows by triggers).
 */
export const collectionMemory = ({ memory }: MemoryRuntime): ContainerModule =>
  new ContainerModule(({ bind }) => {
    const store = memory.store('collection/store', (uow) => new InMemoryCollectionStore(uow));
    bind(COLLECTION.Repository).toConstantValue(store.collections);
    bind(COLLECTION.Wantlists).toConstantValue(store.wantlists);
    const readModels = (catalogue: CatalogueReader) => store.readModels(catalogue);
    bind(COLLECTION.ListReader).toResolvedValue((catalogue) => readModels(catalogue).lists, [CATALOGUE.Reader]).inSingletonScope();
    bind(CATALOGUE.HoldingCounts).toResolvedValue((catalogue) => readModels(catalogue).holdings, [CATALOGUE.Reader]).inSingletonScope();
    bind(SEARCH.UserHoldings).toResolvedValue((catalogue) => readModels(catalogue).userHoldings, [CATALOGUE.Reader]).inSingletonScope();
    bind(IDENTITY.PersonalDataEraser).toConstantValue(new InMemoryPersonalDataEraser('collection and wantlist', [store]));
  });
