import type { IncomingMessage } from 'node:http';
import { imageError } from '../image-error.ts';
import { networkError, type FetchContext } from './fetch-context.ts';

/** Reads a body, giving up as soon as it grows past the cap instead of buffering it all first. */
export function readBody(res: IncomingMessage, ctx: FetchContext, host: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const tooLarge = (size: string) =>
      imageError('IMAGE_TOO_LARGE', `the image at the URL is ${size}; at most ${ctx.maxBytes} bytes are accepted`, ctx.index, {
        context: { max_bytes: ctx.maxBytes },
      });
    const declared = Number(res.headers['content-length']);
    if (Number.isFinite(declared) && declared > ctx.maxBytes) {
      reject(tooLarge(`${declared} bytes`));
      res.destroy();
      return;
    }
    const chunks: Buffer[] = [];
    let total = 0;
    res.on('data', (chunk: Buffer) => {
      total += chunk.length;
      if (total > ctx.maxBytes) {
        reject(tooLarge(`more than ${ctx.maxBytes} bytes`));
        res.destroy();
        return;
      }
      chunks.push(chunk);
    });
    res.on('end', () => resolve(Buffer.concat(chunks, total)));
    res.on('error', (error) => reject(networkError(ctx, host, error)));
    res.on('close', () => {
      if (!res.complete) reject(networkError(ctx, host, Object.assign(new Error('closed early'), { code: 'ECONNRESET' })));
    });
  });
}

