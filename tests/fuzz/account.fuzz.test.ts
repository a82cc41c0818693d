/** The fuzz suite over the account routes (see fuzz-routes.ts). */
import { describeFuzz, routesWithActions } from "./fuzz-routes";

describeFuzz("account", await routesWithActions());
