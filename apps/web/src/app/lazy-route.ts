/** Product-spec §9: a page's code that has not arrived after 120 s counts as failed. */
export const PAGE_CHUNK_TIMEOUT_MS = 120_000;

/**
 * A route module loaded on first visit, so the first page stays small and heavy pages (map,
 * ED50) cost nothing until opened. A failed or timed-out load shows the error screen.
 */
export function lazyRoute<T>(load: () => Promise<T>, timeoutMs = PAGE_CHUNK_TIMEOUT_MS) {
  return () =>
    new Promise<T>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`Loading the page timed out after ${timeoutMs / 1000} s`)),
        timeoutMs,
      );
      load().then(
        (module) => {
          clearTimeout(timer);
          resolve(module);
        },
        (error: unknown) => {
          clearTimeout(timer);
          reject(error instanceof Error ? error : new Error(String(error)));
        },
      );
    });
}
