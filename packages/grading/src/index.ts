export * from './card-scale.ts';
