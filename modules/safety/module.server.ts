import { defineModuleServer } from "~/server/registry/module-server";
import { safetyEntities } from "./entities";
import { migrations } from "./migrations";

/**
 * The safety module on the server: its tables and migrations, which every tool that opens the database
 * loads, and its boot setup, loaded only by the server (it brings the job handlers).
 */
export const moduleServer = defineModuleServer({
  entities: safetyEntities,
  migrations,
  setup: async () => (await import("./setup.server")).setupSafety(),
});
