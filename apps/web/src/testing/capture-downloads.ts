import { vi } from 'vitest';

/**
 * Downloads the page saves (an object URL clicked through a link), recorded instead of saved:
 * each one's file name and address.
 */
export function captureDownloads(): { name: string; href: string }[] {
  const saved: { name: string; href: string }[] = [];
  vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:test/1');
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    saved.push({ name: this.download, href: this.href });
  });
  return saved;
}
