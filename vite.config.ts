import { vitePlugin as remix } from "@remix-run/dev";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import tsconfigPaths from "vite-tsconfig-paths";
import { remixConfig } from "./remix.config";

declare module "@remix-run/node" {
  interface Future {
    v3_singleFetch: true;
  }
}

export default defineConfig({
  server: {
    port: 3000,
    watch: { ignored: ["**/.cache/**", "**/.data/**", "**/build/**", "**/test-results/**"] },
  },
  build: { target: "es2022" },
  plugins: [tailwindcss(), !process.env.VITEST && remix(remixConfig), tsconfigPaths()],
  test: {
    include: ["**/*.test.ts", "**/*.test.tsx"],
    exclude: ["node_modules", "build", "tests/e2e/**"],
    setupFiles: ["./tests/setup/vitest.setup.ts"],
    globalSetup: ["./tests/setup/vitest.global.ts"],
    pool: "forks",
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
} as any);
