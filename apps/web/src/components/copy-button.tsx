import { useState } from 'react';
import Button from 'react-bootstrap/Button';

type CopyState = 'idle' | 'copied' | 'failed';

/**
 * Copies a text (a citation) to the clipboard and says so in a status line; where the browser
 * refuses, it tells the reader to copy by hand.
 */
export function CopyButton({ text, what }: { text: string; /** "Citation" */ what: string }) {
  const [copy, setCopy] = useState<CopyState>('idle');
  const copyText = async () => {
    try {
      if (!navigator.clipboard) throw new Error('No clipboard');
      await navigator.clipboard.writeText(text);
      setCopy('copied');
    } catch {
      setCopy('failed');
    }
  };
  return (
    <div className="d-flex flex-wrap align-items-center gap-2">
      <Button variant="outline-primary" size="sm" onClick={() => void copyText()}>
        Copy {what.toLowerCase()}
      </Button>
      <span role="status" className="small">
        {copy === 'copied' && `${what} copied.`}
        {copy === 'failed' && `Copying failed: select the ${what.toLowerCase()} text and copy it.`}
      </span>
    </div>
  );
}
