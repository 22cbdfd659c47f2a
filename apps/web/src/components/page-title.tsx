export const APP_NAME = 'Coral Thermal Tolerance';

/** The document title of a page (React hoists <title> into <head>): "Projects · Coral …". */
export function PageTitle({ title }: { title?: string }) {
  return <title>{title ? `${title} · ${APP_NAME}` : APP_NAME}</title>;
}
