import { defineModuleServer } from "~/server/registry/module-server";
import { homeEntities } from "./entities";
import { migrations } from "./migrations";

/** The home module on the server: the users' widget settings table. */
export const moduleServer = defineModuleServer({ entities: homeEntities, migrations });
