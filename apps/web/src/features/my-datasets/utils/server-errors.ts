import { isApiError } from '@/lib/http';
import type { FieldErrors } from './metadata-draft';

/**
 * The per-field messages of a 400 answer, keyed like the form's fields. The server names fields
 * two ways: the upload's `{field, message}` list (paths under `metadata.`) and the request
 * validation's "path: message" lines.
 */
export function serverFieldErrors(error: unknown): FieldErrors {
  if (!isApiError(error, 400)) return {};
  const details = (error.body as { details?: unknown } | undefined)?.details;
  if (!Array.isArray(details)) return {};
  const found: FieldErrors = {};
  for (const detail of details as unknown[]) {
    let field: string | undefined;
    let message: string | undefined;
    if (typeof detail === 'string') {
      const at = detail.indexOf(': ');
      if (at > 0) [field, message] = [detail.slice(0, at), detail.slice(at + 2)];
    } else if (typeof detail === 'object' && detail !== null) {
      const record = detail as { field?: unknown; message?: unknown };
      if (typeof record.field === 'string') field = record.field;
      if (typeof record.message === 'string') message = record.message;
    }
    if (field === undefined || message === undefined) continue;
    found[field.replace(/^metadata\./, '')] ??= message;
  }
  return found;
}
