/** The fuzz suite over the quality routes (see fuzz-routes.ts). */
import { describeFuzz, fuzzedRoutes } from "./fuzz-routes";

describeFuzz("quality", await fuzzedRoutes());
