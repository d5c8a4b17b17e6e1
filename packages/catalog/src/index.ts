export * from './manifest.ts';
export { loadCatalog, type LoadedCatalog, type CatalogProblem } from './load-catalog.ts';
export { importCatalog, latestOrImportCatalog, digestFolder, type ImportCatalogDeps } from './import-catalog.ts';
