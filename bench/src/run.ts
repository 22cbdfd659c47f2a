import { runApiBench } from './api-bench';

/**
 * `npm run bench`: prints figures and ratios against a baseline measured in the same run.
 * BENCH_COLONIES (default 100000) sets the synthetic size; BENCH_DATABASE_URL adds a run on a
 * PostgreSQL server.
 */
const colonies = Number(process.env.BENCH_COLONIES ?? 100_000);
console.log(`Coral platform benchmarks — ${new Date().toISOString()}, Node ${process.version}`);
await runApiBench({ colonies, databaseUrl: process.env.BENCH_DATABASE_URL });
