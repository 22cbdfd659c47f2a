/**
 * Hands a file the app received (e.g. the cart's CSV export) to the browser's download manager
 * under the given name: a temporary object URL on a link with a `download` attribute, clicked
 * once and released afterwards.
 */
export function saveFile(blob: Blob, filename: string, doc: Document = document): void {
  const url = URL.createObjectURL(blob);
  const link = doc.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  link.hidden = true;
  doc.body.append(link);
  try {
    link.click();
  } finally {
    link.remove();
    // Some browsers read the URL after the click's task: release it a moment later.
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
}
