import type { MouseEvent } from 'react';

export const MAIN_CONTENT_ID = 'main-content';

/** The first focusable element: jumps past the navbar to the page's main content. */
export function SkipLink() {
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    const main = document.getElementById(MAIN_CONTENT_ID);
    if (!main) return;
    event.preventDefault();
    main.focus();
    main.scrollIntoView();
  };
  return (
    <a
      href={`#${MAIN_CONTENT_ID}`}
      className="skip-link visually-hidden-focusable"
      onClick={handleClick}
    >
      Skip to main content
    </a>
  );
}
