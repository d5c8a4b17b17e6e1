import { describe, expect, it } from 'vitest';
import { itemVersion } from './item-version.ts';

const files = [
  { name: 'a.jpg', etag: 'e1' },
  { name: 'b.jpg', etag: 'e2' },
  { name: 'item.json', etag: 'e3' },
];

describe('itemVersion', () => {
  it('is the same for the same names and ETags, in any order', () => {
    expect(itemVersion(files)).toBe(itemVersion([...files].reverse()));
    expect(itemVersion(files)).toMatch(/^[0-9a-f]{32}$/);
  });

  it('changes when an ETag changes, a file is added, removed or renamed', () => {
    const base = itemVersion(files);
    const variants = [
      files.map((file) => (file.name === 'b.jpg' ? { ...file, etag: 'e2-new' } : file)),
      [...files, { name: '0.jpg', etag: 'e4' }],
      files.slice(1),
      files.map((file) => (file.name === 'a.jpg' ? { ...file, name: 'c.jpg' } : file)),
    ];
    const versions = variants.map(itemVersion);
    expect(new Set([base, ...versions]).size).toBe(variants.length + 1);
  });

  it('keeps names apart that a separator would merge', () => {
    expect(itemVersion([{ name: 'a', etag: 'b,c' }])).not.toBe(itemVersion([{ name: 'a,b', etag: 'c' }]));
  });
});
