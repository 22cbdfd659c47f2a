export * from './filter-set';
export * from './default-ranges';
export * from './filter-engine';
export * from './group-name';
export * from './filter-query';
export * from './filter-set.schema';
export * from './filter-predicate';
