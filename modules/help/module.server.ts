import { defineModuleServer } from "~/server/registry/module-server";
import { helpEntities } from "./entities";
import { migrations } from "./migrations";

/** The help module on the server: its tables and migrations (no boot setup). */
export const moduleServer = defineModuleServer({ entities: helpEntities, migrations });
