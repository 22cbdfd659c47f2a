/**
 * Opaque page cursors of the list endpoints (issue 16): the last id of a page, named after its
 * list, as base64url. Clients pass them back unchanged; the text inside is not a contract.
 */
export function encodeCursor(list: string, lastId: number): string {
  return Buffer.from(`${list}:${lastId}`).toString('base64url');
}

/** The id a cursor of `list` continues after, or null when it is not such a cursor. */
export function decodeCursor(list: string, cursor: string): number | null {
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(cursor)) return null;
  const match = /^([a-z-]+):(\d{1,15})$/.exec(Buffer.from(cursor, 'base64url').toString());
  if (!match || match[1] !== list) return null;
  const id = Number(match[2]);
  return Number.isSafeInteger(id) ? id : null;
}

/** The answer's `cursor` problem, as a 400 message. */
export const BAD_CURSOR_MESSAGE =
  'Invalid cursor: pass the X-Next-Cursor value of the previous page unchanged ' +
  '(or leave cursor out for the first page).';
