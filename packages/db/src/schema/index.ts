export { organizations } from './organizations.ts';
export { apiKeys } from './api-keys.ts';
export { images } from './images.ts';
