import { createInstance } from "i18next";
import { renderToStaticMarkup } from "react-dom/server";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { describe, expect, it } from "vitest";
import locations from "~/app/locales/en/locations.json";
import { buildLocationTree } from "~/server/locations/tree";
import { LocationTree } from "./location-tree";

const i18n = createInstance();
await i18n.use(initReactI18next).init({
  lng: "en",
  resources: { en: { locations } },
  defaultNS: "locations",
  interpolation: { escapeValue: false },
});

/** What the browser receives before any script runs. */
const serverHtml = (element: React.ReactElement) =>
  renderToStaticMarkup(<I18nextProvider i18n={i18n}>{element}</I18nextProvider>);

const nodes = buildLocationTree([
  { id: "bridge", parentId: null, name: "Bridge" },
  { id: "span2", parentId: "bridge", name: "Span 2" },
  { id: "deck", parentId: "span2", name: "Deck" },
  { id: "yard", parentId: null, name: "Yard" },
]);

describe("LocationTree without JavaScript", () => {
  it("nests lists in details that expand natively, top level open", () => {
    const html = serverHtml(<LocationTree nodes={nodes} />);
    expect(html).toContain('<ul aria-label="Locations"');
    expect(html.match(/<details/g)).toHaveLength(2);
    expect(html).toMatch(/<details open=""><summary[^>]*>.*Bridge/);
    expect(html).toMatch(/<details><summary[^>]*>.*Span 2/);
    // A leaf is a plain row, not a disclosure.
    expect(html).not.toMatch(/<summary[^>]*>(?:(?!<\/summary>).)*Deck/);
    expect(html).toContain("Yard");
  });

  it("shows the caller's counts with a spoken label", () => {
    const html = serverHtml(<LocationTree nodes={nodes} counts={{ deck: 3, yard: 1 }} />);
    expect(html).toContain('<span aria-hidden="true">3</span><span class="sr-only">3 records</span>');
    expect(html).toContain('<span class="sr-only">1 record</span>');
  });

  it("opens the way to the selected location and marks it", () => {
    const html = serverHtml(
      <LocationTree
        nodes={nodes}
        selectedId="deck"
        renderName={(node) => <a href={`/lots?location=${node.id}`}>{node.name}</a>}
      />,
    );
    expect(html).toMatch(/<details open=""><summary[^>]*>.*Span 2/);
    expect(html).toMatch(
      /aria-current="location"[^>]*><span class="truncate"><a href="\/lots\?location=deck">Deck/,
    );
  });

  it("says so when there are no locations", () => {
    expect(serverHtml(<LocationTree nodes={[]} />)).toContain("No locations yet");
  });
});
