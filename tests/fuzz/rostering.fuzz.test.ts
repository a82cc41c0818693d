/** The fuzz suite over the rostering routes (see fuzz-routes.ts). */
import { describeFuzz, fuzzedRoutes } from "./fuzz-routes";

describeFuzz("rostering", await fuzzedRoutes());
