export { createApi, type ApiDeps } from './app.ts';
export { serveApi, type ServeApiOptions } from './main.ts';
export { statusForCode } from './problem.ts';
export { openApiDocument, publishedPaths } from './routes/meta.ts';
export { servedCategories } from './served-categories.ts';
export { apiVersion } from './version.ts';
