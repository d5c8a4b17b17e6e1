/**
 * POST /images with a ~1 MB JPEG, sent the three ways the API accepts, next to GET /healthz as the
 * framework's floor. Every upload is a different file (see UniqueJpeg), and each answer must be a
 * 201 with an image_ref.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { startApiServer } from './lib/api-server.ts';
import type { Benchmark, BenchContext, BenchResult, ScenarioResult } from './lib/bench.ts';
import { runScenario, type LoadSpec } from './lib/load.ts';
import { noisePhoto, UniqueJpeg } from './lib/photo.ts';
import { spawnNode } from './lib/processes.ts';

const scenarios = ['floor', 'base64', 'multipart', 'url'] as const;
type Scenario = (typeof scenarios)[number];

const isUploaded = (body: string) => body.includes('"image_ref":"img_');

export const imagesUpload: Benchmark = {
  name: 'images-upload',
  description: 'POST /images with a ~1 MB JPEG as JSON base64, multipart and JSON URL, next to GET /healthz',
  scenarios,
  async run(ctx: BenchContext): Promise<BenchResult> {
    const dir = await ctx.tempDir('assay-bench-photo-');
    const photo = await noisePhoto(1_000_000);
    const photoPath = join(dir, 'photo.jpg');
    await writeFile(photoPath, photo.jpeg);
    const size = `${photo.jpeg.length.toLocaleString('en')} bytes, ${photo.width}×${photo.height}`;
    ctx.log(`photo: random-noise JPEG, ${size}`);

    const api = await startApiServer(ctx, { operations: ['coins.identity'], env: { ASSAY_ALLOW_PRIVATE_URLS: '1' } });
    const auth = { authorization: `Bearer ${api.apiKey}` };
    const common = { origin: api.origin, diagnostics: api.diagnostics };
    const upload = { ...common, method: 'POST', path: '/images', expectStatus: 201, checkBody: isUploaded } as const;

    const specs: Record<Scenario, () => Promise<LoadSpec>> = {
      floor: async () => ({ ...common, name: 'images-upload/floor', label: 'GET /healthz', method: 'GET', path: '/healthz', expectStatus: 200, checkBody: (body) => body.includes('"status":"ok"') }),

      base64: async () => {
        const variants = new UniqueJpeg(photo.jpeg, 'bench-b64');
        const open = Buffer.from('{"filename":"photo.jpg","data":"');
        const close = Buffer.from('"}');
        return {
          ...upload,
          name: 'images-upload/base64',
          label: 'JSON {filename, data}',
          headers: { ...auth, 'content-type': 'application/json' },
          nextBody: () => Buffer.concat([open, variants.next().headBase64, variants.tailBase64, close]),
        };
      },

      multipart: async () => {
        const variants = new UniqueJpeg(photo.jpeg, 'bench-multipart');
        const boundary = '----assay-bench-7d3f9a1c';
        const open = Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="photo.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
        );
        const close = Buffer.from(`\r\n--${boundary}--\r\n`);
        return {
          ...upload,
          name: 'images-upload/multipart',
          label: 'form-data, field "file"',
          headers: { ...auth, 'content-type': `multipart/form-data; boundary=${boundary}` },
          nextBody: () => Buffer.concat([open, variants.next().head, variants.tail, close]),
        };
      },

      url: async () => {
        const port = await startPhotoServer(ctx, photoPath);
        return {
          ...upload,
          name: 'images-upload/url',
          label: 'JSON {url}',
          headers: { ...auth, 'content-type': 'application/json' },
          body: Buffer.from(JSON.stringify({ url: `http://127.0.0.1:${port}/photo.jpg` })),
        };
      },
    };

    const results: Record<string, ScenarioResult> = {};
    for (const scenario of scenarios) {
      if (!ctx.selected(scenario)) continue;
      results[scenario] = await runScenario(await specs[scenario](), ctx);
    }
    return {
      scenarios: results,
      notes: [
        `photo: random-noise JPEG (quality 90), ${size}; every upload is a distinct file (unique JPEG comment)`,
        'MB/s sent: request bodies from the load generator; base64 is 4/3 of the photo, and the url scenario sends only',
        '  the URL (the API downloads each photo from a loopback image server in its own process)',
        `API: \`assay serve api\` in a child process, LOG_LEVEL=warn, ${api.database}`,
      ],
    };
  },
};

/** Starts lib/photo-server.ts in its own process; resolves with its port. */
async function startPhotoServer(ctx: BenchContext, photoPath: string): Promise<number> {
  const server = spawnNode('photo-server', [join('test', 'bench', 'lib', 'photo-server.ts'), photoPath], process.env, { readStdout: true });
  ctx.defer(() => server.stop(5_000));
  const port = await new Promise<number>((resolve, reject) => {
    let out = '';
    server.process.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString('utf8');
      const line = out.split('\n')[0];
      if (out.includes('\n') && line) resolve((JSON.parse(line) as { port: number }).port);
    });
    void server.exited.then((how) => reject(new Error(`the photo server exited (${how}):\n${server.tail()}`)));
  });
  ctx.log(`photo server: http://127.0.0.1:${port}/photo.jpg (own process)`);
  return port;
}
