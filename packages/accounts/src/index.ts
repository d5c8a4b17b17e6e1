export { createAccounts, requireAnyOperation, type Accounts, type Caller, type CreatedKey } from './accounts.ts';
export { generateApiKey, parseApiKey } from './api-key.ts';
