import type { z } from 'zod';
import { AssayError } from './errors.ts';

/** Parses a request body with a contract schema; failures become REQUEST_INVALID listing each bad field. */
export function parseRequest<T extends z.ZodType>(schema: T, body: unknown): z.infer<T> {
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  const errors = result.error.issues.map((issue) => ({
    path: issue.path.length ? issue.path.map(String).join('.') : '(body)',
    message: issue.message,
  }));
  throw new AssayError('REQUEST_INVALID', errors.map((e) => `${e.path}: ${e.message}`).join('; '), { context: { errors } });
}
