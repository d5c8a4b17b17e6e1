import type { Category } from '@assay/contract';

/** Categories the default composition assesses; the others join as their engines are built. */
export const servedCategories: readonly Category[] = ['cards', 'coins', 'toys'];
