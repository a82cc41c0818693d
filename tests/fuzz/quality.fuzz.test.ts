/** The fuzz suite over the quality routes (see fuzz-routes.ts). */
import { describeFuzz, routesWithActions } from "./fuzz-routes";

describeFuzz("quality", await routesWithActions());
