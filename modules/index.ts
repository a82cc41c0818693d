import account from "./account/manifest";
import globalSettings from "./global-settings/manifest";
import home from "./home/manifest";
import notifications from "./notifications/manifest";
import projectSettings from "./project-settings/manifest";

/** Every module of the product. A folder under modules/ that is not listed here fails the registry test. */
export const moduleManifests = [home, account, projectSettings, globalSettings, notifications];
