/** Vite (and so Vitest) imports a file's text with `?raw`; the upload tests read datasheets so. */
declare module '*?raw' {
  const text: string;
  export default text;
}

/** `?inline` gives a file's bytes as a base64 data URL; the tests read workbooks so. */
declare module '*?inline' {
  const dataUrl: string;
  export default dataUrl;
}
