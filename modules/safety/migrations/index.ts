// The safety module's migrations, listed explicitly so the server build bundles them. `npm run db:migration -- --module safety` rewrites this file.
import { Migration20261126023553_actions as m0 } from "./Migration20261126023553_actions";
import { Migration20261126054624_hours_worked as m1 } from "./Migration20261126054624_hours_worked";
import { Migration20261126054835_incidents as m2 } from "./Migration20261126054835_incidents";
import { Migration20261126061927_observations as m3 } from "./Migration20261126061927_observations";
import { Migration20261126070500_action_register_totals as m4 } from "./Migration20261126070500_action_register_totals";
import { Migration20261126115448_swms as m5 } from "./Migration20261126115448_swms";
import { Migration20261126120800_incident_register_totals as m6 } from "./Migration20261126120800_incident_register_totals";
import { Migration20261126122000_talks as m7 } from "./Migration20261126122000_talks";
import { Migration20261126124600_permits_sds as m8 } from "./Migration20261126124600_permits_sds";
import { Migration20261126125733_audits as m9 } from "./Migration20261126125733_audits";
import { Migration20261126134500_swms_sign_on as m10 } from "./Migration20261126134500_swms_sign_on";
import { Migration20261126140000_talk_permit as m11 } from "./Migration20261126140000_talk_permit";

export const migrations = [
  { name: "Migration20261126023553_actions", class: m0 },
  { name: "Migration20261126054624_hours_worked", class: m1 },
  { name: "Migration20261126054835_incidents", class: m2 },
  { name: "Migration20261126061927_observations", class: m3 },
  { name: "Migration20261126070500_action_register_totals", class: m4 },
  { name: "Migration20261126115448_swms", class: m5 },
  { name: "Migration20261126120800_incident_register_totals", class: m6 },
  { name: "Migration20261126122000_talks", class: m7 },
  { name: "Migration20261126124600_permits_sds", class: m8 },
  { name: "Migration20261126125733_audits", class: m9 },
  { name: "Migration20261126134500_swms_sign_on", class: m10 },
  { name: "Migration20261126140000_talk_permit", class: m11 },
];
