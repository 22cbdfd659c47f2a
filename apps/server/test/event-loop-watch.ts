/**
 * Watches the event loop; the returned stop gives the longest time (ms) it could not run a
 * timer, counting a stall that lasts until the stop itself (perf_hooks' histogram records a delay
 * only when the next timer fires, so a loop blocked to the end shows as no delay at all).
 */
export function watchEventLoop(): () => number {
  let last = performance.now();
  let longest = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
  }, 5);
  return () => {
    clearInterval(timer);
    return Math.max(longest, performance.now() - last);
  };
}

/**
 * How many turns the event loop takes (setImmediate callbacks run) until `work` settles, with no
 * clock: work done on this thread holds the loop, so none run while it computes; work on another
 * thread (a message sent, an answer awaited) leaves the loop free, so they run while it is
 * pending. Rejections of `work` are thrown after the count.
 */
export async function turnsWhilePending(work: Promise<unknown>): Promise<number> {
  let pending = true;
  const settled = work.then(
    () => (pending = false),
    () => (pending = false),
  );
  let turns = 0;
  while (pending) {
    await new Promise<void>((resolve) => setImmediate(resolve));
    if (pending) turns++;
  }
  await settled;
  await work;
  return turns;
}
