import { parseArgs } from 'node:util';

// Loaded on demand: each service brings only its own dependencies.
const pipelineServices = {
  ingest: async () => (await import('@assay/service-ingest')).serveIngest(),
  assessor: async () => (await import('@assay/service-assessor')).serveAssessor(),
  results: async () => (await import('@assay/service-results')).serveResults(),
};
import { UsageError, type CommandIo } from '../io.ts';

export async function serveCommand(args: string[], io: CommandIo): Promise<number> {
  const { positionals, values } = parseArgs({
    args,
    allowPositionals: true,
    options: { host: { type: 'string' }, port: { type: 'string' } },
  });
  const [service, ...extra] = positionals;
  if (extra.length > 0 || !service || !(service in pipelineServices || service === 'api')) {
    throw new UsageError('serve takes one service: api, ingest, assessor or results');
  }
  if (service !== 'api') {
    if (values.host !== undefined || values.port !== undefined) throw new UsageError('--host and --port are for serve api');
    await pipelineServices[service as keyof typeof pipelineServices]();
    io.err.write(`assay ${service} running; SIGTERM stops it\n`);
    return await new Promise<number>(() => {});
  }
  const port = values.port === undefined ? undefined : Number(values.port);
  if (port !== undefined && (!Number.isInteger(port) || port < 0 || port > 65535)) {
    throw new UsageError(`--port must be a whole number from 0 to 65535, not "${values.port}"`);
  }
  const { serveApi } = await import('@assay/api');
  const { url } = await serveApi({ host: values.host, port });
  io.err.write(`assay api listening on ${url}\n`);
  // The server keeps the process alive; SIGTERM and SIGINT close it.
  return await new Promise<number>(() => {});
}
