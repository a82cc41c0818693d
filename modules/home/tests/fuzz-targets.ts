/** The home view's widget settings form, for the fuzz suite (tests/fuzz). */
import { fuzzTargets } from "~/tests/fuzz/targets";
import { widgetSettingsSchema } from "../domain/widget-settings-schema";

export const targets = fuzzTargets({
  "/home-view/home/widgets": { forms: [{ name: "widget settings", schema: widgetSettingsSchema }] },
});
