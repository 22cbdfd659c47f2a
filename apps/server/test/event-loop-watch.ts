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
