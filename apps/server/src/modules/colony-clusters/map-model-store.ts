import type { TColony } from '@coral/core';
import {
  columnsFromColonies,
  decodeColonyColumns,
  modelAssembler,
  type ColonyColumns,
  type ColumnarMapModel,
} from '@coral/core/map-clusters';
import type { ColoniesService, FeedPartBytes } from '../colonies/colonies.service';

/**
 * Where a part's columns come from: the columns part published next to the feed part
 * ('columns', decision 0041), or the feed part's JSON parsed ('json': what a part published
 * without columns costs, and the benchmark's comparison).
 */
export type PartSource = 'columns' | 'json';

export interface VersionedModel {
  version: number;
  model: ColumnarMapModel;
}

/** What the last build did: how many parts it reused, read as columns, or parsed from JSON. */
export interface BuildReport {
  version: number;
  parts: number;
  reused: number;
  readColumns: number;
  parsedJson: number;
  milliseconds: number;
}

/** Parts read per statement: a bounded answer per query, and other requests run in between. */
const PARTS_PER_READ = 32;
/** Parts assembled between two turns of the event loop (a million colonies: about 1,000 parts). */
const ASSEMBLED_PER_TURN = 64;
/** Times a build starts over when the data change under it (each time at the newer version). */
const MAX_ATTEMPTS = 5;

type FeedSource = Pick<ColoniesService, 'dataVersion' | 'feed' | 'feedParts'>;

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** A part of the listing as held in memory: the build it was read from. */
interface HeldPart {
  builtVersion: number;
  columns: ColonyColumns;
}

/**
 * The map's columnar model of the published colonies, per data version (decision 0041). The
 * columns of each feed part are kept in process memory with the build they came from; a new
 * data version re-reads only the parts whose build changed (a 1,000-colony upload: two or three)
 * and reassembles the model from the rest. Builds run one at a time and yield to the event loop
 * between parts, so requests on other endpoints are served meanwhile.
 */
export function createMapModelStore(
  colonies: FeedSource,
  options: {
    source?: PartSource;
    /** Told when columns derived by this process could not be stored (the model is built). */
    onError?: (error: unknown) => void;
  } = {},
) {
  const source = options.source ?? 'columns';
  let held = new Map<number, HeldPart>();
  let latest: { version: number; model: Promise<VersionedModel> } | undefined;
  let queue: Promise<unknown> = Promise.resolve();
  let lastBuild: BuildReport | undefined;

  /** Decodes read parts into `into`; false when a wanted build was not there (rebuilt since). */
  async function load(
    wanted: readonly { part: number; builtVersion: number }[],
    kind: PartSource,
    into: Map<number, HeldPart>,
  ): Promise<boolean> {
    const batches: (typeof wanted)[] = [];
    for (let i = 0; i < wanted.length; i += PARTS_PER_READ) {
      batches.push(wanted.slice(i, i + PARTS_PER_READ));
    }
    // The next batch is read (and inflated, in zlib's threads) while this one is decoded.
    const readBatch = (b: number) =>
      b < batches.length ? colonies.feedParts.read(batches[b]!, kind) : undefined;
    let next = readBatch(0);
    try {
      for (let b = 0; b < batches.length; b++) {
        const read = await next!;
        next = readBatch(b + 1);
        if (read.length !== batches[b]!.length) return false;
        const parsed: (FeedPartBytes & { colonies: TColony[] })[] = [];
        for (const part of read) {
          if (kind === 'columns') {
            into.set(part.part, {
              builtVersion: part.builtVersion,
              columns: decodeColonyColumns(part.bytes),
            });
          } else {
            const items = JSON.parse(`[${part.bytes.toString()}]`) as TColony[];
            into.set(part.part, {
              builtVersion: part.builtVersion,
              columns: columnsFromColonies(items),
            });
            parsed.push({ ...part, colonies: items });
          }
          await nextTurn();
        }
        // Parts published without columns (by a release before decision 0041) get them now, so
        // the next process reads columns.
        if (source === 'columns' && parsed.length > 0) {
          await colonies.feedParts
            .saveMissingColumns(parsed)
            .catch((error: unknown) => options.onError?.(error));
        }
      }
    } finally {
      // A read started ahead and not awaited (the list changed, or decoding failed).
      void next?.catch(() => undefined);
    }
    return true;
  }

  async function build(requested: number): Promise<VersionedModel> {
    const started = performance.now();
    let version = requested;
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      const listing = await colonies.feedParts.list(version);
      if (!listing) {
        // Not this version's feed: the data moved on, or no feed is stored for the current
        // version yet (the colonies service builds it, under the data version's lock).
        if ((await colonies.dataVersion()) === version) await colonies.feed();
        version = await colonies.dataVersion();
        continue;
      }
      const next = new Map<number, HeldPart>();
      const missing: ListedBuild[] = [];
      for (const listed of listing) {
        const kept = held.get(listed.part);
        if (kept?.builtVersion === listed.builtVersion) next.set(listed.part, kept);
        else missing.push(listed);
      }
      const asColumns = missing.filter((p) => source === 'columns' && p.derived);
      const asJson = missing.filter((p) => !(source === 'columns' && p.derived));
      const complete =
        (await load(asColumns, 'columns', next)) && (await load(asJson, 'json', next));
      if (!complete) {
        version = await colonies.dataVersion();
        continue;
      }
      held = next;
      const assembler = modelAssembler(listing.map((p) => next.get(p.part)!.columns));
      for (let p = 0; p < listing.length; p++) {
        assembler.add();
        if (p % ASSEMBLED_PER_TURN === ASSEMBLED_PER_TURN - 1) await nextTurn();
      }
      const model = assembler.finish();
      lastBuild = {
        version,
        parts: listing.length,
        reused: listing.length - missing.length,
        readColumns: asColumns.length,
        parsedJson: asJson.length,
        milliseconds: performance.now() - started,
      };
      return { version, model };
    }
    throw new Error(`the map model could not be built: the data changed ${MAX_ATTEMPTS} times`);
  }

  /** The model of `version`, built once (builds queue up: each reuses the parts of the last). */
  function of(version: number): Promise<VersionedModel> {
    if (latest?.version !== version) {
      const run = () => build(version);
      const model = queue.then(run, run);
      queue = model.catch(() => undefined);
      latest = { version, model };
      // A failed build must not be served forever.
      model.catch(() => {
        if (latest?.model === model) latest = undefined;
      });
    }
    return latest.model;
  }

  return {
    /** The model of the current data version. */
    async current(): Promise<VersionedModel> {
      return of(await colonies.dataVersion());
    },
    of,
    /** What the last finished build did (for the benchmark and tests). */
    lastBuild: () => lastBuild,
  };
}
export type MapModelStore = ReturnType<typeof createMapModelStore>;

type ListedBuild = NonNullable<Awaited<ReturnType<FeedSource['feedParts']['list']>>>[number];

/**
 * Keeps the model of the current data version built in the background: once now (a server
 * process starting) and again whenever the data version moves (checked every `intervalMs`, one
 * small query, since the change may come from another process). `also` warms what the first
 * request needs besides (the filters' defaults). Answers the function that stops it.
 */
export function warmMapModel(
  store: MapModelStore,
  options: {
    version: () => Promise<number>;
    also?: () => Promise<unknown>;
    intervalMs: number;
    onError: (error: unknown) => void;
  },
): () => void {
  let warmed: number | undefined;
  let running = false;
  const check = async () => {
    if (running) return;
    running = true;
    try {
      const version = await options.version();
      if (version !== warmed) {
        await Promise.all([store.of(version), options.also?.()]);
        warmed = version;
      }
    } catch (error) {
      options.onError(error);
    } finally {
      running = false;
    }
  };
  void check();
  const timer = setInterval(() => void check(), options.intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
