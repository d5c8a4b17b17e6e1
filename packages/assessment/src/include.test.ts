import { describe, expect, it } from 'vitest';
import { resolveSections } from './include.ts';

describe('include', () => {
  it('omitted: every enabled section of the category, no issues', () => {
    expect(resolveSections('coins', undefined, ['coins.grade', 'coins.identity', 'cards.grade'])).toEqual({ sections: ['identity', 'grade'], issues: [] });
  });

  it('given: the enabled ones, the others reported', () => {
    const resolved = resolveSections('cards', ['grade', 'identity'], ['cards.identity']);
    expect(resolved.sections).toEqual(['identity']);
    expect(resolved.issues).toEqual([expect.objectContaining({ code: 'SECTION_NOT_ENABLED', section: 'grade', severity: 'info' })]);
  });

  it('none of the requested enabled: 403', () => {
    expect(() => resolveSections('toys', ['valuation'], ['toys.identity'])).toThrow(expect.objectContaining({ code: 'OPERATION_NOT_ENABLED' }));
    expect(() => resolveSections('toys', undefined, ['coins.identity'])).toThrow(expect.objectContaining({ code: 'OPERATION_NOT_ENABLED' }));
  });
});
