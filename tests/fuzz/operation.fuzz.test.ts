/** The fuzz suite over the operation routes (see fuzz-routes.ts). */
import { describeFuzz, fuzzedRoutes } from "./fuzz-routes";

describeFuzz("operation", await fuzzedRoutes());
