import fs from 'node:fs';
import { loadConfig } from '../src/config';

/** The raw seed file, for computing expectations independently of the server's code. */
export interface SeedJson {
  projects: {
    id: number;
    name: string;
    owner: string | null;
    publications: number[];
    biosamples: number[];
  }[];
  publications: { id: number; title: string; year: number; doi: string }[];
  experiments: { id: number; project: number; name: string; date: string }[];
  colonies: {
    id: number;
    name: string;
    species: string;
    country: string;
    latitude: number;
    longitude: number;
  }[];
  biosamples: { id: number; name: string; collection_date: string | null; colony: number }[];
  observations: {
    id: number;
    experiment: number;
    biosample: number;
    temperature: number;
    pam_value: number | null;
  }[];
  thermal_tolerances: Record<string, unknown>[];
  breakpoint_temperatures: Record<string, unknown>[];
  thermal_limits: Record<string, unknown>[];
}

export const seedJson = JSON.parse(
  fs.readFileSync(loadConfig({ NODE_ENV: 'test' }).seedFile, 'utf8'),
) as SeedJson;
