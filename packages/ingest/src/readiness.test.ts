import { describe, expect, it } from 'vitest';
import type { ItemFile } from './item-folder.ts';
import { readinessOf } from './readiness.ts';

const t0 = new Date('2030-01-01T00:00:00Z');
const at = (ms: number) => new Date(t0.getTime() + ms);
const file = (name: string, modifiedMs = 0): ItemFile => ({ name, key: `coins/c1/${name}`, size: 10, etag: 'e', lastModified: at(modifiedMs) });

describe('readinessOf', () => {
  it('is ready as soon as item.json is there, however fresh the folder', () => {
    expect(readinessOf([file('a.jpg', 0), file('item.json', 0)], at(1), 30_000)).toEqual({ ready: true, trigger: 'item-json' });
  });

  it('waits for the settle time after the newest file, then is ready', () => {
    const files = [file('a.jpg', 0), file('b.jpg', 5000)];
    expect(readinessOf(files, at(34_999), 30_000)).toEqual({ ready: false, settlesAt: at(35_000) });
    expect(readinessOf(files, at(35_000), 30_000)).toEqual({ ready: true, trigger: 'settled' });
  });

  it('takes the settle time it is given', () => {
    expect(readinessOf([file('a.jpg')], at(1000), 1000).ready).toBe(true);
    expect(readinessOf([file('a.jpg')], at(1000), 0).ready).toBe(true);
    expect(readinessOf([file('a.jpg')], at(999), 1000).ready).toBe(false);
  });

  it('does not take a differently cased name for item.json', () => {
    expect(readinessOf([file('Item.json')], at(0), 30_000).ready).toBe(false);
  });
});
