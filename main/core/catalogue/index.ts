export type { CollectionSource } from './source';
export { collectionSources } from './sources';
export { CatalogueService, type CatalogueDeps } from './service';
