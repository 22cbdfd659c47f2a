import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  THRESHOLD_KIND_INFO,
  ZBreakpointTemperatureMaxMin,
  ZThermalLimitMaxMin,
  ZThermalToleranceMaxMin,
  type ThresholdKind,
} from '@coral/core';
import type { AppDb } from '../../db/database';
import { thresholdsRepository } from './thresholds.repository';

const responseSchemas = {
  ed50: ZThermalToleranceMaxMin,
  ed5: ZBreakpointTemperatureMaxMin,
  ed95: ZThermalLimitMaxMin,
} as const;

/** GET /api/public/{kind}/max-min/: dataset bounds of one threshold kind (trustworthy values). */
export const maxMinRoutes: FastifyPluginAsyncZod<{ db: AppDb }> = async (app, { db }) => {
  for (const kind of Object.keys(responseSchemas) as ThresholdKind[]) {
    const info = THRESHOLD_KIND_INFO[kind];
    app.get(
      `/api/public/${info.maxMinPath}/max-min/`,
      {
        schema: {
          tags: ['public'],
          summary: `Minimum and maximum ${info.edLabel} (${info.label}), excluding flagged values`,
          response: { 200: responseSchemas[kind] },
        },
      },
      async () => {
        const b = await thresholdsRepository.bounds(db, kind);
        return {
          [`min_${info.absKey}`]: b.min_abs,
          [`max_${info.absKey}`]: b.max_abs,
          [`min_${info.relKey}`]: b.min_rel,
          [`max_${info.relKey}`]: b.max_rel,
          [`min_${info.edKey}`]: b.min_abs,
          [`max_${info.edKey}`]: b.max_abs,
          [`min_${info.edMmmKey}`]: b.min_rel,
          [`max_${info.edMmmKey}`]: b.max_rel,
        } as never;
      },
    );
  }
};
