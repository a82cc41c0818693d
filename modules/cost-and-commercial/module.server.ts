import { defineModuleServer } from "~/server/registry/module-server";
import { costAndCommercialEntities } from "./entities";
import { migrations } from "./migrations";

/** Cost and Commercial on the server: its tables and migrations, and its boot setup (the reminder job). */
export const moduleServer = defineModuleServer({
  entities: costAndCommercialEntities,
  migrations,
  setup: async () => (await import("./setup.server")).setupCostAndCommercial(),
});
