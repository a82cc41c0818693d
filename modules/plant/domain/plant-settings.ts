/**
 * The plant module's settings forms (decision 038): the two notification events with a channel each, and the
 * pre-start checklist with the expiry warning window. Pure zod, read by the manifest and the server.
 */
import { z } from "zod";
import {
  CHECKLIST_ITEM_MAX,
  CHECKLIST_MAX_ITEMS,
  DEFAULT_CHECKLIST,
  DEFAULT_EXPIRY_WARNING_DAYS,
} from "./plant-rules";

/** How a project hears of an event: not at all, in the product only, or in the product and by e-mail. */
export const PLANT_CHANNELS = ["off", "in-app", "in-app-and-email"] as const;
export type PlantChannel = (typeof PLANT_CHANNELS)[number];

export const PLANT_EVENTS = ["documentExpiring", "checkFailed"] as const;
export type PlantEvent = (typeof PLANT_EVENTS)[number];

/** /plants-and-machinery/notification-settings: who hears of expiring documents and failed pre-start checks. */
export const plantNotificationSettings = z.object({
  documentExpiring: z.enum(PLANT_CHANNELS).default("in-app-and-email"),
  checkFailed: z.enum(PLANT_CHANNELS).default("in-app-and-email"),
});
export type PlantNotificationSettings = z.infer<typeof plantNotificationSettings>;

/** /plants-and-machinery/settings: the pre-start checklist (one item a line) and the expiry warning window. */
export const plantSettings = z.object({
  checklist: z
    .string()
    .max(CHECKLIST_MAX_ITEMS * (CHECKLIST_ITEM_MAX + 2))
    .default(DEFAULT_CHECKLIST.join("\n")),
  expiryWarningDays: z.number().int().min(1).max(365).default(DEFAULT_EXPIRY_WARNING_DAYS),
});
export type PlantSettings = z.infer<typeof plantSettings>;

export const PLANT_SETTINGS_FORMS = {
  notifications: "plantNotifications",
  settings: "plantSettings",
} as const;
