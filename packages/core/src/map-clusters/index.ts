/**
 * The map's sites and clusters (decisions 0008, 0039): colonies grouped by coordinate, the
 * antimeridian frame, and supercluster over the sites. An entry point of its own
 * (`@coral/core/map-clusters`), so supercluster is loaded only by those who cluster: the web
 * app's lazy map chunk and the server's clusters endpoint.
 */
export * from './antimeridian';
export * from './map-model';
export * from './cluster-index';
export * from './site-summary';
export * from './colony-columns';
export * from './colony-columns-codec';
export * from './columnar-model';
