/** The fuzz suite over the Cost and Commercial routes (see fuzz-routes.ts). */
import { describeFuzz, fuzzedRoutes } from "./fuzz-routes";

describeFuzz("cost-and-commercial", await fuzzedRoutes());
