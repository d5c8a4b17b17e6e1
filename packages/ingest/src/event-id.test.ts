import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { eventIdOf } from './event-id.ts';

describe('eventIdOf', () => {
  it('is a valid UUID, the same for the same item version and different otherwise', () => {
    const id = eventIdOf('s3://b/in', 'coins/c-1', 'v1');
    expect(z.uuid().parse(id)).toBe(id);
    expect(eventIdOf('s3://b/in', 'coins/c-1', 'v1')).toBe(id);
    const others = [eventIdOf('s3://b/in', 'coins/c-1', 'v2'), eventIdOf('s3://b/in', 'coins/c-2', 'v1'), eventIdOf('s3://other', 'coins/c-1', 'v1')];
    expect(new Set([id, ...others]).size).toBe(4);
  });
});
