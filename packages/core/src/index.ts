export * from './contract';
export * from './countries/normalize-country';
export * from './thresholds/threshold-kinds';
export * from './thresholds/quality-flags';
