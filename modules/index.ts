import account from "./account/manifest";
import home from "./home/manifest";

/** Every module of the product. A folder under modules/ that is not listed here fails the registry test. */
export const moduleManifests = [home, account];
