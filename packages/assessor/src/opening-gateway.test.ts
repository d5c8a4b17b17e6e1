import { describe, expect, it } from 'vitest';
import { AssayError } from '@assay/contract';
import { openingGateway, toFailure, type AssessmentGateway } from './index.ts';

const engineGateway: AssessmentGateway = {
  upload: async (org, bytes, filename) => `${org}:${filename}:${bytes.length}`,
  assess: async (org, category) => ({ org, category }),
};

describe('openingGateway', () => {
  it('holds calls until the engine is open, then passes them on', async () => {
    let open!: (gateway: AssessmentGateway) => void;
    const gateway = openingGateway(new Promise((resolve) => (open = resolve)));
    let settled = false;
    const upload = gateway.upload('acme', Buffer.from('abc'), 'a.jpg').finally(() => (settled = true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(settled).toBe(false);
    open(engineGateway);
    await expect(upload).resolves.toBe('acme:a.jpg:3');
    await expect(gateway.assess('acme', 'coins', { images: [] })).resolves.toEqual({ org: 'acme', category: 'coins' });
  });

  it('fails calls as retryable when the engine cannot open, so no item is failed for it', async () => {
    const gateway = openingGateway(Promise.reject(new Error('database refused')));
    await new Promise((resolve) => setTimeout(resolve, 10)); // no unhandled rejection before the first call
    const error = await gateway.assess('acme', 'cards', { images: [] }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AssayError);
    expect(toFailure(error)).toMatchObject({ code: 'UNAVAILABLE', retryable: true });
  });
});
