/** The fuzz suite over the safety routes (see fuzz-routes.ts). */
import { describeFuzz, fuzzedRoutes } from "./fuzz-routes";

describeFuzz("safety", await fuzzedRoutes());
