export { createClient, parseRetryAfter, AssayClientError, type AssayClient, type AssessmentRequests, type ClientOptions } from './client.ts';
