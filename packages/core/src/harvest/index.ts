export * from './datacite-xml';
export * from './dublin-core';
export * from './oai-pmh';
export * from './page-head';
