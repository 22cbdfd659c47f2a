import fs from 'node:fs';
import readline from 'node:readline';
import { TAXON_STATUS_LABELS, TAXON_STATUSES } from '@coral/core';
import { wormsClientFor } from '../modules/taxa/match-taxa.job';
import { loadLocalTaxa, matchUncheckedTaxa, taxonStatusCounts } from '../modules/taxa/taxa.service';
import { WormsUnreachableError } from '../modules/taxa/worms-client';
import { CliFailure, defineCommand } from './cli-command';

/**
 * `npm run cli -- taxa:import <taxon.txt>`: loads a WoRMS Darwin Core export for matching species
 * names without internet (docs/decisions/0049-taxon-matching.md), then matches the names.
 */
export const taxaImportCommand = defineCommand({
  name: 'taxa:import',
  summary: 'Load a WoRMS export (Darwin Core taxon file) to match species names against locally',
  arguments: [
    {
      name: 'taxon.txt',
      required: true,
      description:
        'the taxon file of a WoRMS Darwin Core Archive export (tab-separated, a header of Darwin Core terms: taxonID, scientificName, acceptedNameUsageID, acceptedNameUsage, taxonomicStatus, taxonRank, kingdom … genus)',
    },
  ],
  options: {},
  tooManyArguments: 'One file: <taxon.txt>.',
  notes: [
    'The export replaces the one loaded before, and every species name is matched again: first ' +
      'against the export (exact names), then WoRMS itself unless WORMS_API_URL=off; with ' +
      'WORMS_API_URL=off the export alone answers, misspellings found within two letters. ' +
      'With the embedded database, stop the server first.',
    'Exit code 0 when loaded, 1 when the file is refused (nothing changes), 2 for a mistake on the command line.',
  ],
  async run(input, context) {
    const file = context.resolvePath(input.arguments[0]!);
    if (!fs.existsSync(file)) throw new CliFailure(`No such file: ${file}`);
    const say = (line: string) => context.io.stdout.write(`${line}\n`);
    return context.withDatabase(async (db) => {
      const lines = readline.createInterface({
        input: fs.createReadStream(file, { encoding: 'utf8' }),
        crlfDelay: Infinity,
      });
      // Listened to at once: readline drops the lines (and the end) read before anyone listens,
      // and the database is asked first.
      const iterator = lines[Symbol.asyncIterator]();
      let loaded;
      try {
        loaded = await loadLocalTaxa(db, { [Symbol.asyncIterator]: () => iterator });
      } catch (error) {
        throw new CliFailure(`${file}: ${error instanceof Error ? error.message : String(error)}`);
      } finally {
        lines.close();
      }
      say(`Loaded ${loaded.taxa} taxa (${loaded.accepted} accepted names) from ${file}.`);
      const client = wormsClientFor(context.config);
      try {
        await matchUncheckedTaxa(db, client);
      } catch (error) {
        if (!(error instanceof WormsUnreachableError)) throw error;
        say(`WoRMS could not be reached (${error.message}); the worker asks again later.`);
      }
      const counts = await taxonStatusCounts(db);
      say(
        `Species names: ${TAXON_STATUSES.map((status) => `${lowerFirst(TAXON_STATUS_LABELS[status])} ${counts[status]}`).join(', ')}.`,
      );
      return 0;
    });
  },
});

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);
