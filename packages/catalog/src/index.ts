export * from './manifest.ts';
export { loadCatalog, type LoadedCatalog, type CatalogProblem } from './load-catalog.ts';
