import { createInstance } from "i18next";
import { renderToStaticMarkup } from "react-dom/server";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { describe, expect, it } from "vitest";
import ui from "~/app/locales/en/ui.json";
import { Combobox } from "./combobox";
import { EmptyState } from "./empty-state";
import { FileDrop } from "./file-drop";
import { DIARY_AUDIT_UPLOAD_LIMIT_BYTES } from "./file-size";
import { SearchFilter } from "./search-filter";
import { Select } from "./select";
import { StatusBadge } from "./status-badge";
import { TagsInput } from "./tags-input";

const i18n = createInstance();
await i18n.use(initReactI18next).init({
  lng: "en",
  resources: { en: { ui } },
  defaultNS: "ui",
  interpolation: { escapeValue: false },
});

/** What the browser receives before any script runs: the page as a JavaScript-less user sees it. */
const serverHtml = (element: React.ReactElement) =>
  renderToStaticMarkup(<I18nextProvider i18n={i18n}>{element}</I18nextProvider>);

const options = [
  { value: "open", label: "Open" },
  { value: "closed", label: "Closed" },
];

describe("components without JavaScript", () => {
  it("Select is a native select posting under its name", () => {
    const html = serverHtml(<Select label="Status" name="status" options={options} defaultValue="closed" />);
    expect(html).toContain('<select id="');
    expect(html).toContain('name="status"');
    expect(html).toMatch(/<option value="closed"[^>]*selected/);
  });

  it("Combobox falls back to a native select too", () => {
    const html = serverHtml(<Combobox label="Assignee" name="assignee" options={options} />);
    expect(html).toContain('name="assignee"');
    expect(html).toContain("<select");
  });

  it("TagsInput posts each tag as a hidden input and the typed box under the same name", () => {
    const html = serverHtml(
      <TagsInput label="Emails" name="emails" defaultValue={["a@x.com", "A@x.com", "b@x.com"]} max={100} />,
    );
    expect(html.match(/type="hidden" name="emails"/g)).toHaveLength(2);
    expect(html).toContain("2 of 100");
  });

  it("FileDrop is a native file input and states the limit", () => {
    const html = serverHtml(
      <FileDrop label="Photos" name="photos" maxBytes={DIARY_AUDIT_UPLOAD_LIMIT_BYTES} />,
    );
    expect(html).toContain('type="file"');
    expect(html).toContain("Maximum upload files size: 50MB");
  });

  it("SearchFilter is the chosen values as ticked boxes and a text field sent with the form", () => {
    const html = serverHtml(
      <SearchFilter
        legend="Work pack"
        name="workPack"
        textName="workPackSearch"
        selected={[{ value: "WP-01", label: "WP-01 Substructure" }]}
        choicesHref={(text) => `/values?q=${text}`}
        unmatched="WP-99"
      />,
    );
    expect(html).toContain(
      '<input type="checkbox" name="workPack" checked="" value="WP-01"/>WP-01 Substructure',
    );
    expect(html).toMatch(/<input type="search" name="workPackSearch"[^>]*value="WP-99"/);
    expect(html).toContain("Nothing matches “WP-99”");
    // The list of values is not in the page: it is asked for as the user types.
    expect(html).not.toContain('role="option"');
  });

  it("EmptyState and StatusBadge print the spec's texts and tones", () => {
    expect(serverHtml(<EmptyState item="lots" />)).toContain("You don&#x27;t have any lots yet");
    expect(serverHtml(<EmptyState />)).toContain("No results found!");
    // The tones' colours are app.css's .badge-<tone>; the stored message tones map onto them.
    expect(serverHtml(<StatusBadge tone="DANGER">Rejected</StatusBadge>)).toBe(
      '<span class="badge badge-danger">Rejected</span>',
    );
    expect(serverHtml(<StatusBadge tone="NONE">Draft</StatusBadge>)).toContain('class="badge badge-neutral"');
  });
});
