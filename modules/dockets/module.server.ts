import { defineModuleServer } from "~/server/registry/module-server";
import { docketSigningEntities } from "./docket-signing-entities";
import { docketEntities } from "./entities";
import { migrations } from "./migrations";

/** The dockets module on the server: its tables and migrations, and its boot setup (the posting job). */
export const moduleServer = defineModuleServer({
  entities: [...docketEntities, ...docketSigningEntities],
  migrations,
  setup: async () => (await import("./setup.server")).setupDockets(),
});
