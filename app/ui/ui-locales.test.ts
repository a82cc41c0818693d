import { describe, expect, it } from "vitest";
import enStorybook from "~/app/locales/en/storybook.json";
import enUi from "~/app/locales/en/ui.json";
import viStorybook from "~/app/locales/vi/storybook.json";
import viUi from "~/app/locales/vi/ui.json";

// Vietnamese has a single plural form, so "key_one"/"key_other" in English is "key_other" in Vietnamese.
const keysOf = (bundle: object, prefix = ""): string[] =>
  Object.entries(bundle).flatMap(([key, value]) =>
    typeof value === "object" && value !== null
      ? keysOf(value, `${prefix}${key}.`)
      : [`${prefix}${key.replace(/_(one|other)$/, "")}`],
  );
const keySet = (bundle: object) => [...new Set(keysOf(bundle))].sort();

describe("ui and storybook translations", () => {
  it("have a Vietnamese text for every English key and no extra ones", () => {
    expect(keySet(viUi)).toEqual(keySet(enUi));
    expect(keySet(viStorybook)).toEqual(keySet(enStorybook));
  });

  it("keep the spec's English messages", () => {
    expect(enUi.combobox.noOption).toBe("No option found.");
    expect(enUi.emptyState.noItems).toBe("You don't have any {{item}} yet");
    expect(enUi.emptyState.noResults).toBe("No results found!");
  });
});
