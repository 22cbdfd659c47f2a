export * from './table-view';
export * from './table-view-controls';
export * from './use-table-view';
