export * from './worms-record';
export * from './taxon-names';
export * from './taxon-match';
