import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import { useLocation } from 'react-router';

/**
 * A one-off message carried to the next page in the router's location state, e.g. the failed
 * logout notice shown on / (product-spec §8): navigate('/', { state: flashState('warning', text)
 * }).
 */
export interface FlashNoticeState {
  notice: { variant: 'success' | 'warning' | 'danger' | 'info'; text: string };
}

export function flashState(
  variant: FlashNoticeState['notice']['variant'],
  text: string,
): FlashNoticeState {
  return { notice: { variant, text } };
}

function noticeOf(state: unknown): FlashNoticeState['notice'] | undefined {
  return (state as Partial<FlashNoticeState> | null)?.notice;
}

export function FlashNotice() {
  const location = useLocation();
  const [dismissedKey, setDismissedKey] = useState<string | null>(null);
  const notice = noticeOf(location.state);
  if (!notice || dismissedKey === location.key) return null;
  return (
    <Alert
      variant={notice.variant}
      dismissible
      onClose={() => setDismissedKey(location.key)}
      className="container mt-3"
    >
      {notice.text}
    </Alert>
  );
}
