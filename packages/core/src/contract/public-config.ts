import { z } from 'zod';

/** Deployment-specific values the web app reads at start, so the build bakes in no addresses. */
export const ZPublicConfig = z
  .object({
    links: z.object({
      accountRequestForm: z.string(),
      aboutUs: z.string(),
      getHelp: z.string(),
      sourceRepository: z.string().nullable().meta({
        description:
          "null: no repository known (neither SOURCE_REPOSITORY_URL nor package.json's repository)",
      }),
      contactEmail: z.string(),
      ed50Calculator: z
        .string()
        .nullable()
        .meta({ description: 'null: the same host on ED50_PORT (the client builds the URL)' }),
    }),
    ed50CalculatorPort: z.number().int(),
    tiles: z.object({ street: z.string(), satellite: z.string() }),
    uploadMaxBytes: z.number().int(),
    mapServerClusteringFrom: z.number().int().meta({
      description:
        'From this many public colonies on, the map asks the server for its markers instead of loading the whole colonies feed (MAP_SERVER_CLUSTERING_FROM; 0: always)',
    }),
    orcidSignIn: z
      .boolean()
      .meta({ description: '"Sign in with ORCID" is configured (ORCID_CLIENT_ID and secret)' }),
  })
  .meta({ id: 'PublicConfig' });
export type TPublicConfig = z.infer<typeof ZPublicConfig>;
