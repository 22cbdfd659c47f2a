import { ApiError, apiErrorOf, type HttpRequest } from './http';

/** How far the browser has sent the request body. */
export interface UploadProgress {
  loaded: number;
  total: number;
  /** 0–100. */
  percent: number;
}

export interface MultipartRequest extends HttpRequest {
  /** Field name → file; undefined fields are not sent. */
  body: Readonly<Record<string, File | undefined>>;
  /** Text fields sent before the files; undefined ones are not sent. */
  fields?: Readonly<Record<string, string | undefined>>;
  onProgress?: (progress: UploadProgress) => void;
}

/**
 * A multipart/form-data POST with upload progress. The Fetch API cannot report how much of a request
 * body was sent, XMLHttpRequest can: large files show a progress bar. JSON answer; a non-OK
 * status throws ApiError like every other call; a network failure throws ApiError with status 0.
 */
export function sendMultipart(request: MultipartRequest): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const form = new FormData();
    for (const [field, value] of Object.entries(request.fields ?? {})) {
      if (value !== undefined) form.append(field, value);
    }
    for (const [field, file] of Object.entries(request.body)) {
      if (file) form.append(field, file, file.name);
    }
    const xhr = new XMLHttpRequest();
    xhr.open(request.method, request.url);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    for (const [name, value] of Object.entries(request.headers ?? {})) {
      xhr.setRequestHeader(name, value);
    }
    xhr.upload.onprogress = (event) => {
      if (!event.lengthComputable || !request.onProgress) return;
      request.onProgress({
        loaded: event.loaded,
        total: event.total,
        percent: Math.min(100, Math.round((event.loaded / event.total) * 100)),
      });
    };
    xhr.onload = () => {
      const payload = parse(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) resolve(payload);
      else reject(apiErrorOf(xhr.status, payload));
    };
    xhr.onerror = () => reject(new ApiError(0, undefined, undefined, undefined));
    xhr.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'));
    request.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}

function parse(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
