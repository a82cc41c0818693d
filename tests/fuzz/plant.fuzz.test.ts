/** The fuzz suite over the plant and machinery routes (see fuzz-routes.ts). */
import { describeFuzz, fuzzedRoutes } from "./fuzz-routes";

describeFuzz("plant", await fuzzedRoutes());
