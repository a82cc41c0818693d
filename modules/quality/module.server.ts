import { defineModuleServer } from "~/server/registry/module-server";
import { qualityEntities } from "./entities";
import { migrations } from "./migrations";

/**
 * The quality module on the server: its tables and migrations, which every tool that opens the database
 * loads (the server, the database commands, the test set-ups), and its boot setup, loaded only by the
 * server (it brings the job handlers and the report builders).
 */
export const moduleServer = defineModuleServer({
  entities: qualityEntities,
  migrations,
  setup: async () => (await import("./setup.server")).setupQuality(),
});
