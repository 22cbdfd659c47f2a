import { runAnalysesBench, runCompareBench } from './analyses-bench';
import { runApiBench } from './api-bench';
import { runClustersBench } from './clusters-bench';
import { runDownloadBench } from './download-bench';
import { runEd50Bench } from './ed50-bench';
import { runEdMethodsBench } from './ed-methods-bench';
import { runMapBench } from './map-bench';
import { runSeedApiBench } from './seed-api-bench';
import { runUploadBench } from './upload-bench';
import { runScaleBench } from './scale-bench';
import { runBlankLinesBench } from './blank-lines-bench';
import { runImportResponsivenessBench } from './import-responsiveness-bench';
import { runReplicaBench } from './replica-bench';
import { printTable } from './report';

/**
 * `npm run bench`: prints figures and ratios against baselines measured in the same run.
 * BENCH_COLONIES (default 100000) sets the synthetic size; BENCH_DATABASE_URL adds runs on a
 * PostgreSQL server (and the scale section, BENCH_SCALE_COLONIES, default 1,000,000, on it);
 * BENCH_ONLY=api,seed-api,clusters,ed50,analyses,map,upload,imports,downloads,replicas,scale
 * selects sections (`imports`: public requests, memory and concurrent downloads during an upload's
 * import, also part of `upload`; `analyses`: the post-fit analysis set on 10,000 colonies against
 * the fit alone, and Compare on the seed, BENCH_PORT its server's port; `replicas`: its own
 * PostgreSQL primary and streaming standby, decision 0073).
 */
const colonies = Number(process.env.BENCH_COLONIES ?? 100_000);
const only = new Set(
  (
    process.env.BENCH_ONLY ??
    'api,seed-api,clusters,ed50,analyses,map,upload,downloads,replicas,scale'
  ).split(','),
);
console.log(`Coral platform benchmarks — ${new Date().toISOString()}, Node ${process.version}`);

if (only.has('ed50')) {
  for (const result of await runEd50Bench()) {
    printTable(result.name, [
      {
        label: 'figures',
        values: Object.fromEntries(Object.entries(result.figures).map(([k, v]) => [k, String(v)])),
      },
    ]);
  }
  runEdMethodsBench();
}
if (only.has('analyses')) {
  runAnalysesBench();
  await runCompareBench();
}
if (only.has('api')) await runApiBench({ colonies, databaseUrl: process.env.BENCH_DATABASE_URL });
if (only.has('seed-api')) await runSeedApiBench({ databaseUrl: process.env.BENCH_DATABASE_URL });
if (only.has('clusters')) {
  await runClustersBench({ colonies, databaseUrl: process.env.BENCH_DATABASE_URL });
}
if (only.has('map')) await runMapBench();
if (only.has('upload')) {
  await runUploadBench();
  runBlankLinesBench();
  await runImportResponsivenessBench();
} else if (only.has('imports')) {
  await runImportResponsivenessBench();
}
if (only.has('downloads')) await runDownloadBench({ colonies });
if (only.has('replicas')) await runReplicaBench();
if (only.has('scale')) {
  await runScaleBench({
    databaseUrl: process.env.BENCH_DATABASE_URL,
    colonies: Number(process.env.BENCH_SCALE_COLONIES ?? 1_000_000),
  });
}
