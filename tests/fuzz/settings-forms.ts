import { z } from "zod";
import { settingsForms } from "~/server/settings/settings.server";
import { formSchemaFor } from "~/server/settings/settings-fields";
import type { FuzzForm } from "./targets";

/** The settings page's forms (declared by module manifests): each saved, and reset to its defaults. */
export function settingsFuzzForms(scope: "project" | "global"): FuzzForm[] {
  return settingsForms(scope).flatMap((ref): FuzzForm[] => {
    const names = { moduleId: ref.moduleId, form: ref.form };
    return [
      {
        name: `${ref.moduleId}.${ref.form} save`,
        schema: formSchemaFor(ref.schema),
        fixed: { ...names, intent: "save" },
      },
      {
        name: `${ref.moduleId}.${ref.form} reset`,
        schema: z.object({}),
        fixed: { ...names, intent: "reset" },
      },
    ];
  });
}
