import { z } from "zod";
import { message } from "~/app/utils/message-key";
import { confirmedCheckbox, optionalText, requiredText } from "~/server/http/form-fields";
import { HELP_SECTIONS } from "../domain/help-sections";
import { HELP_LIMITS } from "./help-basics";

export * from "./help-basics";

/** The article form's rules (server only): messages are translation keys (help:*, common:*). */

/** A text field with something in it (the check runs on partly parsed values too: untrimmed or absent). */
const filled = (value: unknown) => typeof value === "string" && value.trim() !== "";
const bothOrNeither = message("help:errors.bothOrNeither");
const positionMessage = message("help:errors.position", { max: HELP_LIMITS.position });

export const articleFormSchema = z
  .object({
    section: z.enum(HELP_SECTIONS, { error: message("help:errors.sectionRequired") }),
    // The order within the section: blank is 0 (first, then by title).
    position: z
      .string()
      .trim()
      .optional()
      .transform((value) => value ?? "")
      .refine((value) => /^\d{0,4}$/.test(value), positionMessage)
      .transform((value) => (value ? Number(value) : 0)),
    titleEn: requiredText(HELP_LIMITS.title),
    bodyEn: requiredText(HELP_LIMITS.body),
    titleVi: optionalText(HELP_LIMITS.title),
    bodyVi: optionalText(HELP_LIMITS.body),
    titleAu: optionalText(HELP_LIMITS.title),
    bodyAu: optionalText(HELP_LIMITS.body),
  })
  .superRefine(
    (value, context) => {
      // A language is there with its title and its text, or not at all: half of one would show neither.
      for (const [title, body] of [
        ["titleVi", "bodyVi"],
        ["titleAu", "bodyAu"],
      ] as const) {
        if (filled(value[title]) && !filled(value[body]))
          context.addIssue({ code: "custom", path: [body], message: bothOrNeither });
        if (filled(value[body]) && !filled(value[title]))
          context.addIssue({ code: "custom", path: [title], message: bothOrNeither });
      }
    },
    // Told with the other fields' messages, not only once they are right.
    { when: () => true },
  );
export type ArticleFormValues = z.output<typeof articleFormSchema>;

export const deleteArticleSchema = z.object({
  intent: z.literal("delete"),
  confirmed: confirmedCheckbox(message("help:errors.confirmRequired")),
});
