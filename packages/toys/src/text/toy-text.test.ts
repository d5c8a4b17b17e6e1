import { describe, expect, it } from 'vitest';
import { containsApprox, foldText, matchText } from './toy-text.ts';
import type { ToyTextReference } from '../identify/toy-references.ts';

const toy = (entryId: string, modelNumbers: string[], makerMarks: string[], name = entryId): ToyTextReference => ({ entryId, name, brand: 'B', modelNumbers, makerMarks });
const references = [
  toy('red', ['KX-0412'], ['© 2004 Kestrel Kidworks', 'MADE IN CHINA'], 'Thunderbolt GT Racing Red'),
  toy('blue', ['KX-0413'], ['© 2004 Kestrel Kidworks', 'MADE IN CHINA'], 'Thunderbolt GT Chrome Blue'),
  toy('bear', ['MF-1001'], ['© 2012 Mossbeck &', 'MADE IN CHINA'], 'Barnaby Bear'),
  toy('owl', ['QF-0108'], ['© 2020 Quillfeather Studios', 'MADE IN CHINA'], 'Hazel the Owl'),
];

describe('toy text matching', () => {
  it('folds case, punctuation and the letters OCR takes for digits', () => {
    expect(foldText('No. KX-O4l3')).toBe(foldText('NO KX 0413'));
  });

  it('finds a model number exactly, and tells one-slip neighbours apart', () => {
    expect(matchText('No. KX-0413', references)).toEqual([{ entryId: 'blue', kind: 'model_number', matched: 'KX-0413' }]);
    expect(matchText('No. KX-0412 |', references).map((f) => f.entryId)).toEqual(['red']);
  });

  it('forgives one slip only when it names a single toy', () => {
    expect(matchText('MF-1O0I', references).map((f) => f.entryId)).toEqual(['bear']);
    expect(matchText('MF-1091', references).map((f) => f.entryId)).toEqual(['bear']);
    // KX-0414 is one slip from both cars: it names neither.
    expect(matchText('KX-0414', references).filter((f) => f.kind === 'model_number')).toEqual([]);
  });

  it('a maker mark names every toy of that maker and year; MADE IN CHINA names none', () => {
    expect(matchText('© 2004 Kestrel Kidworks\nMADE IN CHINA', references).map((f) => [f.entryId, f.kind])).toEqual([['red', 'maker_mark'], ['blue', 'maker_mark']]);
    expect(matchText('MADE IN CHINA', references)).toEqual([]);
    expect(matchText(') 2020 Quillfeather Studlos', references).map((f) => f.entryId)).toEqual(['owl']);
  });

  it('box print with the name names the toy', () => {
    expect(matchText('Hazel the 0wl\nAGES 4+', references)).toEqual([{ entryId: 'owl', kind: 'name', matched: 'Hazel the Owl' }]);
  });

  it('approximate substring search', () => {
    expect(containsApprox('XXKX0413YY', 'KX0413', 0)).toBe(true);
    expect(containsApprox('XXKX0813YY', 'KX0413', 1)).toBe(true);
    expect(containsApprox('XXKX0813YY', 'KX0413', 0)).toBe(false);
    expect(containsApprox('KX', 'KX0413', 1)).toBe(false);
  });
});
