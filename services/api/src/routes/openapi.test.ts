import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiVersion, openApiDocument, publishedPaths, servedCategories } from '../index.ts';
import { createTestApi, type TestApi } from '../../../../test/support/api.ts';

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi({ database: 'pglite' });
});
afterAll(() => api.close());

describe('OpenAPI document', () => {
  it('is committed as docs/openapi.json exactly as generated (run `pnpm openapi` after a contract change)', () => {
    const committed = JSON.parse(readFileSync(new URL('../../../../docs/openapi.json', import.meta.url), 'utf8'));
    expect(committed).toEqual(openApiDocument(apiVersion, servedCategories));
  });

  it('is served at GET /openapi.json without authentication', async () => {
    const res = await api.app.inject({ method: 'GET', url: '/openapi.json' });
    expect(res.statusCode).toBe(200);
    const document = res.json();
    expect(document.openapi).toBe('3.1.0');
    expect(Object.keys(document.paths).sort()).toEqual(publishedPaths(api.assessments.categories).sort());
    for (const id of ['ImageInput', 'Issue', 'Problem', 'CoinAssessmentResponse', 'CardItem', 'ToyItem', 'CardAssessmentRequest']) {
      expect(document.components.schemas[id], id).toBeDefined();
    }
  });

  it('publishes only routes the server answers', async () => {
    const routes = api.app.printRoutes({ commonPrefix: false });
    for (const path of publishedPaths(api.assessments.categories)) expect(routes).toContain(path.replace(/\{([^}]+)\}/g, ':$1'));
  });
});
