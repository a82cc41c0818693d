import type { HomeTab } from "~/server/extensions/contracts";
import { homeWidgets, type PlacedHomeWidget } from "~/server/extensions/extensions.server";
import type { ProjectContext } from "~/server/permissions/guard.server";
import { arrangeWidgets, moveKey } from "../domain/widget-layout";
import type { WidgetSettingsInput } from "../domain/widget-settings-schema";
import { HomeWidgetSetting } from "../entities";

export type ArrangedWidget = PlacedHomeWidget & { hidden: boolean };

/** The cards this user may see in the current project, in their order, hidden ones marked. */
export async function arrangedHomeWidgets(context: ProjectContext): Promise<ArrangedWidget[]> {
  const [widgets, choices] = await Promise.all([
    homeWidgets(context),
    context.em.find(HomeWidgetSetting, { user: context.user.id }),
  ]);
  return arrangeWidgets(widgets, choices);
}

/** The keys of one tab's cards, for the settings page and for checking what it posts. */
export function keysOnTab(widgets: readonly ArrangedWidget[], tab: HomeTab): string[] {
  return widgets.filter((widget) => widget.tab === tab).map((widget) => widget.key);
}

/**
 * Saves one tab's choices. Refused (null, nothing written) unless the post lists exactly the tab's cards this
 * user sees now: a card of another tab, of a switched-off module or an unknown key is not theirs to place.
 */
export async function saveWidgetSettings(
  context: ProjectContext,
  widgets: readonly ArrangedWidget[],
  input: WidgetSettingsInput,
): Promise<"saved" | "refused"> {
  const onTab = keysOnTab(widgets, input.tab);
  const posted = new Set(input.key);
  if (onTab.length !== posted.size || onTab.some((key) => !posted.has(key))) return "refused";
  let order = input.key
    .map((key, index) => ({ key, index, position: input.position[index] }))
    .sort((a, b) => a.position - b.position || a.index - b.index)
    .map(({ key }) => key);
  if (input.move) {
    const [direction, key] = [
      input.move.slice(0, input.move.indexOf(":")),
      input.move.slice(input.move.indexOf(":") + 1),
    ];
    if (!posted.has(key)) return "refused";
    order = moveKey(order, key, direction as "up" | "down");
  }
  const shown = new Set(input.shown);
  await context.em.transactional(async (tx) => {
    const existing = await tx.find(HomeWidgetSetting, { user: context.user.id, widgetKey: { $in: order } });
    const byKey = new Map(existing.map((row) => [row.widgetKey, row]));
    order.forEach((widgetKey, index) => {
      const row = byKey.get(widgetKey);
      const values = { hidden: !shown.has(widgetKey), position: index + 1 };
      if (row) Object.assign(row, values);
      else tx.create(HomeWidgetSetting, { user: context.user.id, widgetKey, ...values });
    });
  });
  return "saved";
}
