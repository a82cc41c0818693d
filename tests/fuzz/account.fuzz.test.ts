/** The fuzz suite over the account routes (see fuzz-routes.ts). */
import { describeFuzz, fuzzedRoutes } from "./fuzz-routes";

describeFuzz("account", await fuzzedRoutes());
