export * from './dublin-core';
export * from './oai-pmh';
