import { z } from "zod";
import { homeTabs } from "~/server/extensions/contracts";

/** A repeated field: one value comes as a string, several as a list, none as nothing. */
const list = <T extends z.ZodType>(item: T) =>
  z.preprocess((value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]), z.array(item));

/**
 * One tab's cards as the settings form posts them: every card of the tab (`key`, in the order shown), the
 * ones ticked (`shown`), each card's place (`position`, aligned with `key`), and a Move up/down button when
 * one was pressed (`move` = "up:<key>" or "down:<key>"). Messages are keys of the home namespace.
 */
export const widgetSettingsSchema = z
  .object({
    tab: z.enum(homeTabs, { error: "home:settings.invalid" }),
    key: list(z.string().min(1).max(100)).refine((keys) => keys.length > 0, "home:settings.invalid"),
    shown: list(z.string().max(100)),
    position: list(
      z.coerce
        .number({ error: "home:settings.positionInvalid" })
        .int("home:settings.positionInvalid")
        .min(1, "home:settings.positionInvalid")
        .max(99, "home:settings.positionInvalid"),
    ),
    move: z
      .string()
      .regex(/^(up|down):.{1,100}$/, "home:settings.invalid")
      .optional(),
  })
  .refine((value) => new Set(value.key).size === value.key.length, {
    path: ["key"],
    message: "home:settings.invalid",
  })
  .refine((value) => value.position.length === value.key.length, {
    path: ["position"],
    message: "home:settings.positionInvalid",
  })
  .refine((value) => value.shown.every((key) => value.key.includes(key)), {
    path: ["shown"],
    message: "home:settings.invalid",
  });

export type WidgetSettingsInput = z.infer<typeof widgetSettingsSchema>;
