/** The fuzz suite over the settings routes (see fuzz-routes.ts). */
import { describeFuzz, routesWithActions } from "./fuzz-routes";

describeFuzz("settings", await routesWithActions());
