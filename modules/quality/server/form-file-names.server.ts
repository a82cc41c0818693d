import type { EntityManager } from "@mikro-orm/postgresql";
import { fileNameFromTemplate } from "~/server/exports/file-names";
import { readProjectSettings } from "~/server/settings/settings.server";
import { QUALITY_FORM_TEMPLATES, type QualityForm } from "../domain/form-templates";

type FormValues = { number?: string; title?: string };

/**
 * The name a quality form leaves the product with: the project's template for that form
 * (domain/form-templates, /quality/settings) filled with the record's number and title, the project's number
 * and the day (UTC) of the export.
 */
export async function qualityFileName(
  em: EntityManager,
  project: { id: string; number: string },
  form: QualityForm,
  values: FormValues,
  extension: "pdf" | "xlsx",
  now = new Date(),
): Promise<string> {
  const templates = await readProjectSettings<Record<QualityForm, string>>(
    em,
    project.id,
    "quality",
    "formTemplates",
  );
  const { defaultTemplate } = QUALITY_FORM_TEMPLATES[form];
  const filled = {
    number: values.number ?? "",
    title: values.title ?? "",
    project: project.number,
    date: now.toISOString().slice(0, 10),
  };
  const fallback = fileNameFromTemplate(defaultTemplate, filled, extension, form).slice(
    0,
    -(extension.length + 1),
  );
  return fileNameFromTemplate(templates[form] ?? defaultTemplate, filled, extension, fallback);
}
