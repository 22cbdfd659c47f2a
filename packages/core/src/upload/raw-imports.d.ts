/** Vite (and so Vitest) imports a file's text with `?raw`; the upload tests read datasheets so. */
declare module '*?raw' {
  const text: string;
  export default text;
}
