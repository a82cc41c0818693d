import { defineModuleServer } from "~/server/registry/module-server";
import { operationEntities } from "./entities";
import { migrations } from "./migrations";

/** The operation module on the server: its tables and migrations, loaded by every tool that opens the database. */
export const moduleServer = defineModuleServer({
  entities: operationEntities,
  migrations,
  setup: async () => (await import("./setup.server")).setupOperation(),
});
