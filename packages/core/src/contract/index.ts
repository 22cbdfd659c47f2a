export * from './errors';
export * from './thresholds';
export * from './colonies';
export * from './projects';
export * from './statistics';
export * from './public-config';
export * from './auth';
export * from './cart';
