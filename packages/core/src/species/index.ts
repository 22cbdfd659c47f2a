export * from './distribution-statistics';
export * from './species-distributions';
