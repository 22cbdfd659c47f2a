import type { SVGProps } from 'react';

/**
 * The few icons the app needs, as inline SVG (paths from Bootstrap Icons, MIT), so no icon
 * package or font is loaded. Decorative: hidden from assistive technology.
 */
export type IconProps = Omit<SVGProps<SVGSVGElement>, 'children' | 'd'>;

/** One 16×16 icon drawn from SVG paths; every icon set of the app is made of these. */
export function Icon({ paths, className = '', ...props }: IconProps & { paths: string[] }) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      width="1em"
      height="1em"
      fill="currentColor"
      viewBox="0 0 16 16"
      aria-hidden="true"
      focusable="false"
      className={`bi ${className}`.trim()}
      {...props}
    >
      {paths.map((path) => (
        <path key={path} fillRule="evenodd" d={path} />
      ))}
    </svg>
  );
}

export const ArrowLeftIcon = (props: IconProps) => (
  <Icon
    {...props}
    paths={[
      'M15 8a.5.5 0 0 0-.5-.5H2.707l3.147-3.146a.5.5 0 1 0-.708-.708l-4 4a.5.5 0 0 0 0 .708l4 4a.5.5 0 0 0 .708-.708L2.707 8.5H14.5A.5.5 0 0 0 15 8',
    ]}
  />
);

export const ExternalIcon = (props: IconProps) => (
  <Icon
    {...props}
    paths={[
      'M8.636 3.5a.5.5 0 0 0-.5-.5H1.5A1.5 1.5 0 0 0 0 4.5v10A1.5 1.5 0 0 0 1.5 16h10a1.5 1.5 0 0 0 1.5-1.5V7.864a.5.5 0 0 0-1 0V14.5a.5.5 0 0 1-.5.5h-10a.5.5 0 0 1-.5-.5v-10a.5.5 0 0 1 .5-.5h6.636a.5.5 0 0 0 .5-.5',
      'M16 .5a.5.5 0 0 0-.5-.5h-5a.5.5 0 0 0 0 1h3.793L6.146 9.146a.5.5 0 1 0 .708.708L15 1.707V5.5a.5.5 0 0 0 1 0z',
    ]}
  />
);

export const PersonIcon = (props: IconProps) => (
  <Icon
    {...props}
    paths={[
      'M8 8a3 3 0 1 0 0-6 3 3 0 0 0 0 6m2-3a2 2 0 1 1-4 0 2 2 0 0 1 4 0m4 8c0 1-1 1-1 1H3s-1 0-1-1 1-4 6-4 6 3 6 4m-1-.004c-.001-.246-.154-.986-.832-1.664C11.516 10.68 10.289 10 8 10s-3.516.68-4.168 1.332c-.678.678-.83 1.418-.832 1.664z',
    ]}
  />
);
