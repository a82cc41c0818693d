import { defineModuleServer } from "~/server/registry/module-server";
import { plantEntities } from "./entities";
import { migrations } from "./migrations";

/**
 * The plant module on the server: its tables and migrations, which every tool that opens the database loads,
 * and its boot setup, loaded only by the server (it brings the daily expiry job).
 */
export const moduleServer = defineModuleServer({
  entities: plantEntities,
  migrations,
  setup: async () => (await import("./setup.server")).setupPlant(),
});
