import { type Provider, provide } from "~/server/extensions/contracts";
import { readProjectSettings } from "~/server/settings/settings.server";
import { INCIDENT_SETTINGS_FORM } from "../server/settings-basics";

/**
 * The rule In/Out (Operation) signs people out by: the incident settings' "In/Out automatic sign-out" and
 * "time to sign out" (spec 3), kept on /safety/setting. Operation reads it through the core's
 * `in-out.sign-out-rule` point (decision 040); with Safety off for a project there is no automatic sign-out.
 */
export const provider: Provider<"in-out.sign-out-rule"> = provide("in-out.sign-out-rule", {
  async rule({ em, projectId }) {
    const values = await readProjectSettings<{ autoSignOutEnabled: boolean; autoSignOutTime: string }>(
      em,
      projectId,
      INCIDENT_SETTINGS_FORM.moduleId,
      INCIDENT_SETTINGS_FORM.form,
    );
    return { enabled: values.autoSignOutEnabled, time: values.autoSignOutTime };
  },
});
