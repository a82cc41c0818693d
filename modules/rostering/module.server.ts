import { defineModuleServer } from "~/server/registry/module-server";
import { rosteringEntities } from "./entities";
import { migrations } from "./migrations";

/** The rostering module on the server: its tables and migrations. */
export const moduleServer = defineModuleServer({
  entities: rosteringEntities,
  migrations,
});
