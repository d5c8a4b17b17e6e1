export { createAccounts, requireAnyOperation, type Accounts, type AccountsOptions, type Caller, type CreatedKey } from './accounts.ts';
export { createRateLimiter, type RateLimit, type RateLimiter } from './rate-limiter.ts';
export { generateApiKey, parseApiKey } from './api-key.ts';
