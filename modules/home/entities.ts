import { defineEntity, type InferEntity, p } from "@mikro-orm/core";
import { idProperty, updatedAtProperty } from "../../server/db/entities/common";
import { User } from "../../server/db/entities/user";

/**
 * A user's choice for one home card (README: widget settings): shown or hidden, and its place on its tab.
 * Per user, not per project: a card is the same module's card in every project, and a card whose module is
 * off in a project is simply not there. A card with no row is shown, after the ones the user placed.
 */
export const HomeWidgetSetting = defineEntity({
  name: "HomeWidgetSetting",
  properties: {
    id: idProperty(),
    user: () => p.manyToOne(User).deleteRule("cascade"),
    /** The placed widget's key: `<module id>.<widget id>`. */
    widgetKey: p.string().length(100),
    hidden: p.boolean().default(false),
    /** 1 is first on its tab. */
    position: p.integer(),
    updatedAt: updatedAtProperty(),
  },
  uniques: [{ properties: ["user", "widgetKey"] }],
});
export type IHomeWidgetSetting = InferEntity<typeof HomeWidgetSetting>;

export const homeEntities = [HomeWidgetSetting];
