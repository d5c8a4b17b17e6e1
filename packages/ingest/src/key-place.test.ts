import { describe, expect, it } from 'vitest';
import { placeOf } from './key-place.ts';

describe('placeOf', () => {
  it('places files directly in an item folder, whatever characters their names hold', () => {
    expect(placeOf('coins/c-1/front.jpg')).toEqual({ kind: 'item-file', category: 'coins', itemId: 'c-1', name: 'front.jpg' });
    expect(placeOf('cards/Münze 1/a..b photo.JPG')).toEqual({ kind: 'item-file', category: 'cards', itemId: 'Münze 1', name: 'a..b photo.JPG' });
    expect(placeOf('toys/t/item.json')).toMatchObject({ kind: 'item-file', name: 'item.json' });
  });

  it('calls keys under an unknown category strays', () => {
    expect(placeOf('stamps/s1/a.jpg')).toEqual({ kind: 'stray', reason: 'unknown-category' });
    expect(placeOf('Coins/c1/a.jpg')).toEqual({ kind: 'stray', reason: 'unknown-category' });
    expect(placeOf('stamps/a.jpg')).toEqual({ kind: 'stray', reason: 'unknown-category' });
  });

  it('calls keys above or below the item level strays', () => {
    expect(placeOf('readme.txt')).toEqual({ kind: 'stray', reason: 'wrong-depth' });
    expect(placeOf('coins')).toEqual({ kind: 'stray', reason: 'wrong-depth' });
    expect(placeOf('coins/loose.jpg')).toEqual({ kind: 'stray', reason: 'wrong-depth' });
    expect(placeOf('coins/c1/sub/a.jpg')).toEqual({ kind: 'stray', reason: 'wrong-depth' });
  });
});
