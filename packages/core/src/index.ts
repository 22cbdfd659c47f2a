export * from './contract';
export * from './countries/normalize-country';
export * from './thresholds/threshold-kinds';
export * from './thresholds/quality-flags';
export * from './datasets/dataset-bundle';
export * from './datasets/threshold-flags';
export * from './client-routes';
export * from './util/group-by';
