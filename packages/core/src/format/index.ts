export * from './statistics';
export * from './dates';
export * from './publications';
export * from './numbers';
export * from './owner';
export * from './quality-flags';
