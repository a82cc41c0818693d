/**
 * The names the quality forms get when they leave the product (a PDF, a workbook): one template per form,
 * set per project on /quality/settings ("form templates"), with the placeholders that form offers. The
 * defaults are the names the exports had before the setting existed.
 */
import { z } from "zod";
// Relative, not ~/: the route table loads the manifests, and with them this file, without the app's aliases.
import { FILE_NAME_MAX, unknownPlaceholders } from "../../../server/exports/file-names";

const RECORD = ["number", "title", "project"] as const;
const REGISTER = ["project", "date"] as const;

export const QUALITY_FORM_TEMPLATES = {
  itpReport: { placeholders: RECORD, defaultTemplate: "{number} {title}" },
  lotDossier: { placeholders: RECORD, defaultTemplate: "{number}-dossier" },
  ncrReport: { placeholders: RECORD, defaultTemplate: "{number} {title}" },
  defectReport: { placeholders: RECORD, defaultTemplate: "{number}" },
  lotRegister: { placeholders: REGISTER, defaultTemplate: "lot-register-{project}-{date}" },
  conformanceRegister: { placeholders: REGISTER, defaultTemplate: "conformance-register-{project}-{date}" },
  defectRegister: { placeholders: REGISTER, defaultTemplate: "punch-list-{project}-{date}" },
  ncrRegister: { placeholders: REGISTER, defaultTemplate: "NCR register" },
} as const;

export type QualityForm = keyof typeof QUALITY_FORM_TEMPLATES;

function templateField(form: QualityForm) {
  const { placeholders, defaultTemplate } = QUALITY_FORM_TEMPLATES[form];
  return z
    .string()
    .trim()
    .max(FILE_NAME_MAX)
    .refine((template) => unknownPlaceholders(template, placeholders).length === 0, {
      message: `quality:settings.formTemplates.unknownPlaceholder.${form}`,
    })
    .default(defaultTemplate);
}

export const formTemplateSettings = z.object({
  itpReport: templateField("itpReport"),
  lotDossier: templateField("lotDossier"),
  ncrReport: templateField("ncrReport"),
  defectReport: templateField("defectReport"),
  lotRegister: templateField("lotRegister"),
  conformanceRegister: templateField("conformanceRegister"),
  defectRegister: templateField("defectRegister"),
  ncrRegister: templateField("ncrRegister"),
});
