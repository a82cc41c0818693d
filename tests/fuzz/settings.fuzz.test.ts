/** The fuzz suite over the settings routes (see fuzz-routes.ts). */
import { describeFuzz, fuzzedRoutes } from "./fuzz-routes";

describeFuzz("settings", await fuzzedRoutes());
