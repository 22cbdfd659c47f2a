import { CliFailure, type CliIo } from './cli-command';

type TtyInput = NodeJS.ReadableStream & { isTTY?: boolean; setRawMode?: (raw: boolean) => void };
type RawTty = NodeJS.ReadableStream & { setRawMode: (raw: boolean) => void };

/**
 * A password from stdin, never from the command line (argv is visible to other users in `ps`
 * and kept in shell history). On a terminal it is asked for twice without echo; otherwise the
 * first line of stdin is the password (`printf '%s\n' "$PW" | npm run cli -- user:create ann`).
 */
export async function readNewPassword(io: CliIo): Promise<string> {
  const stdin = io.stdin as TtyInput;
  if (stdin.isTTY && stdin.setRawMode) {
    const tty = stdin as RawTty;
    const first = await readHidden(tty, io.stderr, 'Password: ');
    const second = await readHidden(tty, io.stderr, 'Repeat the password: ');
    if (first !== second) throw new CliFailure('The passwords do not match; nothing was changed.');
    return first;
  }
  return readFirstLine(stdin);
}

async function readFirstLine(stdin: NodeJS.ReadableStream): Promise<string> {
  let text = '';
  for await (const chunk of stdin) {
    text += typeof chunk === 'string' ? chunk : chunk.toString('utf8');
    const end = text.indexOf('\n');
    if (end >= 0) return text.slice(0, end).replace(/\r$/, '');
  }
  return text.replace(/\r$/, '');
}

/** One line typed on a terminal in raw mode, echoing nothing. Ctrl-C or Ctrl-D cancel. */
function readHidden(stdin: RawTty, prompt: NodeJS.WritableStream, label: string): Promise<string> {
  return new Promise((resolve, reject) => {
    prompt.write(label);
    let value = '';
    let inEscape = false;
    const finish = (error?: Error) => {
      stdin.removeListener('data', onData);
      stdin.setRawMode(false);
      stdin.pause();
      prompt.write('\n');
      if (error) reject(error);
      else resolve(value);
    };
    const onData = (chunk: Buffer | string) => {
      const chars = Array.from(typeof chunk === 'string' ? chunk : chunk.toString('utf8'));
      for (const [index, char] of chars.entries()) {
        if (inEscape) {
          // an arrow or function key: ESC [ … final letter
          if (/[A-Za-z~]/.test(char)) inEscape = false;
        } else if (char === '\r' || char === '\n') {
          // keys typed ahead belong to the next question
          const rest = chars.slice(index + 1).join('');
          finish();
          if (rest !== '') stdin.unshift(Buffer.from(rest, 'utf8'));
          return;
        } else if (char === '\u0003' || (char === '\u0004' && value === '')) {
          return finish(new CliFailure('Cancelled; nothing was changed.'));
        } else if (char === '\u007f' || char === '\b') {
          value = Array.from(value).slice(0, -1).join('');
        } else if (char === '\u001b') {
          inEscape = true;
        } else if (char >= ' ') {
          value += char;
        }
      }
    };
    stdin.setRawMode(true);
    stdin.on('data', onData);
    stdin.resume();
  });
}
