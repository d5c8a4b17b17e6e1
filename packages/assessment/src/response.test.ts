import { describe, expect, it } from 'vitest';
import type { StoredAssessment } from '@assay/db';
import { toResponse } from './response.ts';

const stored = (overrides: Partial<StoredAssessment>): StoredAssessment => ({
  id: '7f0c3c4e-7a39-4d3a-9d6e-0c6f1e2b3a4d',
  orgId: 'org',
  category: 'cards',
  externalId: null,
  status: 'completed',
  summary: {},
  catalogVersionId: 1,
  createdAt: new Date('2026-11-27T00:00:00Z'),
  completedAt: new Date('2026-11-27T00:00:01Z'),
  items: [{ grade: { grade: '8', subgrades: { centering: '8', corners: '8.5', edges: '8', surface: '9' } } }],
  issues: [],
  images: [],
  ...overrides,
});

describe('a stored assessment read back', () => {
  it("is answered in the contract's shape of its category", () => {
    expect(toResponse(stored({}))).toMatchObject({ status: 'completed', assessment: { items: [{ grade: { grade: '8' } }] } });
    expect(toResponse(stored({ category: 'coins', summary: { presentation: 'group' }, items: [] })).assessment).toEqual({ presentation: 'group', items: [] });
    // A card graded since centering ratios were added carries them; one stored before (above) still reads.
    const centering_ratios = { front: { left_right: '55/45', top_bottom: '50/50' }, back: null };
    const graded = { grade: { grade: '8', subgrades: { centering: '8', corners: '8', edges: '8', surface: '9' }, centering_ratios } };
    expect(toResponse(stored({ items: [graded] })).assessment).toMatchObject({ items: [graded] });
    expect(() => toResponse(stored({ items: [{ grade: { ...graded.grade, centering_ratios: { front: { left_right: '55:45', top_bottom: '50/50' }, back: null } } }] }))).toThrow(expect.objectContaining({ code: 'INTERNAL' }));
  });

  it('that is not of that shape is an INTERNAL error naming what is wrong, never passed on', () => {
    expect(() => toResponse(stored({ items: [{ grade: { grade: 8 } }] }))).toThrow(expect.objectContaining({ code: 'INTERNAL', context: expect.objectContaining({ problems: expect.stringContaining('items.0.grade') }) }));
    expect(() => toResponse(stored({ category: 'coins' }))).toThrow(expect.objectContaining({ code: 'INTERNAL' }));
    expect(() => toResponse(stored({ category: 'stamps' }))).toThrow(expect.objectContaining({ code: 'INTERNAL' }));
  });
});
