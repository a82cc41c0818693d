import * as rruleModule from "rrule";

/**
 * rrule's names, wherever the code runs. Its package is ESM for bundlers (the browser build: named exports, no
 * default) and a UMD bundle for Node (the server: Node's ESM loader sees only a default export, as the exports of
 * a UMD bundle cannot be read statically). Read through the namespace, so neither build refers to an export the
 * other lacks.
 */
const namespace: Record<string, unknown> = rruleModule;
const names = (namespace.default ?? namespace) as typeof rruleModule;

export const { RRule, Frequency, rrulestr } = names;
