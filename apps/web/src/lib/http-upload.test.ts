import { afterEach, describe, expect, it, vi } from 'vitest';
import { sendMultipart } from './http-upload';

/** Enough of XMLHttpRequest to see what would be sent, answering 202 at once. */
class FakeXhr {
  static sent: FormData[] = [];
  upload = { onprogress: null };
  status = 202;
  responseText = '{"upload_id":1}';
  withCredentials = false;
  onload: (() => void) | null = null;
  open() {}
  setRequestHeader() {}
  send(body: FormData) {
    FakeXhr.sent.push(body);
    queueMicrotask(() => this.onload?.());
  }
}

afterEach(() => {
  FakeXhr.sent = [];
});

const file = (name: string) => new File(['x'], name, { type: 'text/csv' });

describe('sendMultipart', () => {
  it('sends the files alone when no text field is given', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    await sendMultipart({
      method: 'POST',
      url: '/api/auth/upload-csv/',
      body: { csv_file: file('a.csv'), ed50_file: undefined },
    });
    expect([...FakeXhr.sent[0]!.keys()]).toEqual(['csv_file']);
  });

  it('sends the given text fields before the files and leaves out undefined ones', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    await sendMultipart({
      method: 'POST',
      url: '/api/auth/upload-csv/',
      body: { csv_file: file('a.csv'), ed50_file: file('b.csv') },
      fields: { dataset_id: '5', metadata: undefined },
    });
    const form = FakeXhr.sent[0]!;
    expect([...form.keys()]).toEqual(['dataset_id', 'csv_file', 'ed50_file']);
    expect(form.get('dataset_id')).toBe('5');
  });
});
