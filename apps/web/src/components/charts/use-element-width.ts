import { useCallback, useState } from 'react';

/**
 * The content width of an element, kept up to date with a ResizeObserver, for charts drawn at
 * their real size. Returns a callback ref to put on the element and the last width measured
 * (`fallback` before the first measurement and where ResizeObserver is missing).
 */
export function useElementWidth<T extends HTMLElement>(
  fallback = 640,
): [(element: T | null) => void, number] {
  const [width, setWidth] = useState<number | null>(null);
  const ref = useCallback((element: T | null) => {
    if (!element) return undefined;
    const measure = (value: number) => {
      const rounded = Math.floor(value);
      if (rounded > 0) setWidth((current) => (current === rounded ? current : rounded));
    };
    measure(element.getBoundingClientRect().width);
    if (typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver((entries) => {
      const entry = entries[0];
      if (entry) measure(entry.contentRect.width);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width ?? fallback];
}
