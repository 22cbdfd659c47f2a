/**
 * A setting the server cannot start with. Its message starts "Invalid configuration:" and names
 * the variable and what to set instead; main.ts and the CLI print it as one line.
 */
export class ConfigError extends Error {}
