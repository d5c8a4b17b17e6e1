export { createClient, parseRetryAfter, AssayClientError, type AssayClient, type ClientOptions } from './client.ts';
