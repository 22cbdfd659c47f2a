import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MEASUREMENT_TERMS, measurementTerm, measurementTermUrl, TERMS_PATH } from '@coral/core';
import { notFound } from '../../errors';

const ZMeasurementTerm = z.object({
  id: z.string(),
  url: z.string(),
  label: z.string(),
  definition: z.string(),
  unit: z.string().nullable(),
  unit_id: z.string().nullable(),
});

/**
 * The platform's measurement types as pages of their own: what a Darwin Core Archive's
 * `measurementTypeID` names, so that each identifier resolves
 * (docs/decisions/0058-obis-ready-archives-and-friendly-files.md). Open data, no database.
 */
export const termsRoutes: FastifyPluginAsyncZod<{ publicUrl: string }> = async (
  app,
  { publicUrl },
) => {
  const body = (term: (typeof MEASUREMENT_TERMS)[number]) => ({
    id: term.id,
    url: measurementTermUrl(publicUrl, term.id),
    label: term.label,
    definition: term.definition,
    unit: term.unit,
    unit_id: term.unitId,
  });
  app.get(
    `${TERMS_PATH}/`,
    {
      schema: {
        tags: ['public'],
        summary: "The measurement types of the Darwin Core Archives' measurements",
        response: { 200: z.array(ZMeasurementTerm) },
      },
    },
    () => MEASUREMENT_TERMS.map(body),
  );
  app.get(
    `${TERMS_PATH}/:termId`,
    {
      schema: {
        tags: ['public'],
        summary: 'One measurement type: its definition and unit (a measurementTypeID)',
        params: z.object({ termId: z.string() }),
        response: { 200: ZMeasurementTerm },
      },
    },
    (request) => {
      const term = measurementTerm(request.params.termId);
      if (term === undefined) {
        throw notFound(
          `No measurement type "${request.params.termId}"; known: ${MEASUREMENT_TERMS.map((t) => t.id).join(', ')}`,
        );
      }
      return body(term);
    },
  );
};
