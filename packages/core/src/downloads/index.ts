export * from './download-model';
export * from './download-paths';
