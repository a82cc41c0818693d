/** The fuzz suite over the dockets routes (see fuzz-routes.ts). */
import { describeFuzz, fuzzedRoutes } from "./fuzz-routes";

describeFuzz("dockets", await fuzzedRoutes());
