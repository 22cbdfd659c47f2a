import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZPublicConfig, type TPublicConfig } from '@coral/core';
import type { AppConfig } from '../../config';

export function toPublicConfig(config: AppConfig): TPublicConfig {
  return {
    links: { ...config.links, ed50Calculator: config.ed50.calculatorUrl },
    ed50CalculatorPort: config.ed50.port,
    tiles: config.tiles,
    uploadMaxBytes: config.uploads.maxBytes,
    mapServerClusteringFrom: config.map.serverClusteringFrom,
    orcidSignIn: config.orcid !== null,
  };
}

/** Deployment values the web app reads at start (the build itself holds no addresses). */
export const publicConfigRoutes: FastifyPluginAsyncZod<{ config: AppConfig }> = async (
  app,
  { config },
) => {
  const body = toPublicConfig(config);
  app.get(
    '/api/public/config/',
    {
      schema: {
        tags: ['public'],
        summary: 'Public configuration: links, map tiles, limits',
        response: { 200: ZPublicConfig },
      },
    },
    () => body,
  );
};
