import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { thresholdKindInfos, ZThresholdMaxMins } from '@coral/core';
import type { ThresholdsService } from './thresholds.service';

/** GET /api/public/{maxMinPath}/max-min/ for every threshold kind: bounds of trustworthy values. */
export const maxMinRoutes: FastifyPluginAsyncZod<{ thresholds: ThresholdsService }> = async (
  app,
  { thresholds },
) => {
  for (const { kind, maxMinPath, edLabel, label } of thresholdKindInfos) {
    app.get(
      `/api/public/${maxMinPath}/max-min/`,
      {
        schema: {
          tags: ['public'],
          summary: `Minimum and maximum ${edLabel} (${label}), excluding flagged values`,
          response: { 200: ZThresholdMaxMins[kind] },
        },
      },
      () => thresholds.maxMin(kind),
    );
  }
};
