import { registerLocationUsage } from "~/server/locations/locations.server";
import { Lot } from "./entities";
import "./server/lot-report.server";

/** Runs once at boot (manifest `serverSetup`): what the quality module plugs into the core. */
registerLocationUsage("quality.lots", (em, locationIds) => em.count(Lot, { location: { $in: locationIds } }));
