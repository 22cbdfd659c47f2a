/** Vite/Vitest `?raw` imports (used by the tests to read the reference fixtures as text). */
declare module '*?raw' {
  const content: string;
  export default content;
}
