import { vitePlugin as remix } from "@remix-run/dev";
import type { Plugin, PluginOption, UserConfig } from "vite";
import { remixConfig } from "../remix.config";
import appConfig from "../vite.config";

/**
 * The application's own Vite config with one change: the build goes to BENCH_BUILD_DIR instead of
 * build/, so a benchmark never replaces (or leaves behind) the build `npm start` serves.
 */
const buildDirectory = process.env.BENCH_BUILD_DIR;
if (!buildDirectory) throw new Error("BENCH_BUILD_DIR is not set: run the build through `npm run bench`");

const config = appConfig as UserConfig;
type Flat = Plugin | null | undefined;
const flatten = (options: unknown): Flat[] =>
  Array.isArray(options) ? options.flatMap(flatten) : [options ? (options as Plugin) : null];
const plugins = flatten(config.plugins ?? []);
const isRemix = (plugin: Flat) => Boolean(plugin?.name.startsWith("remix"));
const at = plugins.findIndex(isRemix);
if (at < 0) throw new Error("vite.config.ts has no Remix plugin to redirect");

export default {
  ...config,
  plugins: [
    ...plugins.slice(0, at),
    remix({ ...remixConfig, buildDirectory }),
    ...plugins.slice(at).filter((plugin) => !isRemix(plugin)),
  ] as PluginOption[],
} satisfies UserConfig;
