/** A user's choice for one card: hidden or shown, and its place (1 = first) on its tab. */
export type WidgetChoice = { widgetKey: string; hidden: boolean; position: number };

/**
 * The cards of a tab in the user's order: the ones they placed by their position, then the ones they have not
 * seen yet (a module switched on later, a new widget) in module order, shown. Hidden ones are marked, not
 * dropped, so the settings page can list them.
 */
export function arrangeWidgets<W extends { key: string }>(
  widgets: readonly W[],
  choices: readonly WidgetChoice[],
): (W & { hidden: boolean })[] {
  const byKey = new Map(choices.map((choice) => [choice.widgetKey, choice]));
  const placed = widgets
    .map((widget, index) => ({ widget, index, choice: byKey.get(widget.key) }))
    .sort((a, b) => {
      if (a.choice && b.choice) return a.choice.position - b.choice.position || a.index - b.index;
      if (a.choice) return -1;
      if (b.choice) return 1;
      return a.index - b.index;
    });
  return placed.map(({ widget, choice }) => ({ ...widget, hidden: choice?.hidden ?? false }));
}

/** Moves one key up or down a list (no change at the ends). */
export function moveKey(keys: readonly string[], key: string, direction: "up" | "down"): string[] {
  const list = [...keys];
  const from = list.indexOf(key);
  const to = direction === "up" ? from - 1 : from + 1;
  if (from < 0 || to < 0 || to >= list.length) return list;
  [list[from], list[to]] = [list[to], list[from]];
  return list;
}
