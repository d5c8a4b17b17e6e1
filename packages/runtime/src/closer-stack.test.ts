import { describe, expect, it } from 'vitest';
import { createCloserStack } from './closer-stack.ts';

describe('closer stack', () => {
  it('closes newest first, each once, running every closer even when one fails', async () => {
    const closed: string[] = [];
    const stack = createCloserStack();
    stack.push('database', (name) => void closed.push(name));
    stack.push('bus', () => {
      closed.push('bus');
      throw new Error('bus would not close');
    });
    expect(stack.push('server', async (name) => void closed.push(name))).toBe('server');
    await expect(stack.closeAll()).rejects.toThrow('bus would not close');
    expect(closed).toEqual(['server', 'bus', 'database']);
    await stack.closeAll();
    expect(closed).toHaveLength(3);
  });

  it('closes what a failed start opened and passes on the start error', async () => {
    const closed: string[] = [];
    const stack = createCloserStack();
    const start = stack.starting(async () => {
      stack.push('database', (name) => void closed.push(name));
      throw new Error('the bucket does not exist');
    });
    await expect(start).rejects.toThrow('the bucket does not exist');
    expect(closed).toEqual(['database']);
  });
});
