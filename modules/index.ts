import account from "./account/manifest";
import attachments from "./attachments/manifest";
import costAndCommercial from "./cost-and-commercial/manifest";
import dockets from "./dockets/manifest";
import globalSettings from "./global-settings/manifest";
import help from "./help/manifest";
import home from "./home/manifest";
import notifications from "./notifications/manifest";
import operation from "./operation/manifest";
import plant from "./plant/manifest";
import projectSettings from "./project-settings/manifest";
import quality from "./quality/manifest";
import rostering from "./rostering/manifest";
import safety from "./safety/manifest";

/** Every module of the product. A folder under modules/ that is not listed here fails the registry test. */
// The order is the order of the navigation: work first, administration last.
export const moduleManifests = [
  home,
  safety,
  quality,
  operation,
  plant,
  dockets,
  costAndCommercial,
  rostering,
  notifications,
  account,
  attachments,
  projectSettings,
  globalSettings,
  help,
];
