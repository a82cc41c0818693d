/** The fuzz suite over the operation routes: the site diary (and In/Out, when it comes). See fuzz-routes.ts. */
import { describeFuzz, fuzzedRoutes } from "./fuzz-routes";

describeFuzz("operation", await fuzzedRoutes());
