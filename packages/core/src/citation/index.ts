export * from './citation-facts';
export * from './recommended-citation';
export * from './csl-item';
export * from './datacite';
export * from './snapshot-citation';
export * from './ris-lines';
