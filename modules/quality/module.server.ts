import { registerLocationUsage } from "~/server/locations/locations.server";
import { defineModuleServer } from "~/server/registry/module-server";
import { Lot, qualityEntities } from "./entities";
import { migrations } from "./migrations";
// Defines the lot report job: a job kind must be known before the workers start.
import "./server/lot-report.server";

/** The quality module on the server: its tables, its migrations, and what it plugs into the core at boot. */
export const moduleServer = defineModuleServer({
  entities: qualityEntities,
  migrations,
  setup() {
    registerLocationUsage("quality.lots", (em, locationIds) =>
      em.count(Lot, { location: { $in: locationIds } }),
    );
  },
});
