import { describe, expect, it } from "vitest";
import { renderElementHtml } from "~/tests/setup/render";
import { ActivityList } from "./activity-list";
import { DataTable, type DataTableColumn } from "./data-table";
import { DetailPage } from "./detail-page";
import { RegisterPage } from "./register-page";
import { SearchBox } from "./search-box";

type Lot = { id: string; number: string; title: string; location: string };
const lots: Lot[] = [
  { id: "a", number: "LOT-0002", title: "Deck pour", location: "Span 2" },
  { id: "b", number: "LOT-0001", title: "Pile cap", location: "Pier 1" },
];
const columns: DataTableColumn<Lot>[] = [
  { key: "number", header: "Lot number", sortable: true, cell: (lot) => lot.number },
  { key: "title", header: "Title", sortable: true, cell: (lot) => lot.title },
  { key: "location", header: "Location", cell: (lot) => lot.location },
];

const lotTable = (card?: boolean) => (
  <DataTable
    caption="Lots"
    columns={columns}
    rows={lots}
    rowKey={(lot) => lot.id}
    page={1}
    pageSize={10}
    total={2}
    sort={{ sort: "number", dir: "desc" }}
    card={
      card
        ? (lot) => ({
            href: `/quality/lot/${lot.id}`,
            number: lot.number,
            title: lot.title,
            details: [{ label: "Location", value: lot.location }],
          })
        : undefined
    }
  />
);

describe("DataTable sorting", () => {
  it("marks the loader's order, default included, and links each header to the next order", async () => {
    const html = await renderElementHtml("/quality/lot?q=deck&page=2", lotTable());
    expect(html).toMatch(
      /<th scope="col" aria-sort="descending"[^>]*><a[^>]*href="\/quality\/lot\?q=deck&amp;sort=number&amp;dir=asc"/,
    );
    expect(html).toContain('href="/quality/lot?q=deck&amp;sort=title&amp;dir=asc"');
    expect(html.match(/aria-sort=/g)).toHaveLength(1);
  });
});

describe("DataTable on a phone", () => {
  it("lists the rows as cards linking to each record, and shows the table only from md", async () => {
    const html = await renderElementHtml("/quality/lot", lotTable(true));
    expect(html).toContain('<ul aria-label="Lots" class="space-y-3 md:hidden">');
    expect(html).toMatch(
      /<a[^>]*href="\/quality\/lot\/a"[^>]*><span[^>]*>LOT-0002<\/span><span[^>]*>Deck pour<\/span><\/a>/,
    );
    expect(html).toContain('<dt class="text-slate-500">Location</dt>');
    expect(html).toMatch(/class="relative overflow-x-auto[^"]*hidden md:block"/);
  });

  it("makes cards of the table's own rows when the columns say where they go, so each row is in the page once", async () => {
    const phoneColumns: DataTableColumn<Lot>[] = [
      {
        key: "number",
        header: "Lot number",
        phone: "heading",
        cell: (lot) => <a href={`/quality/lot/${lot.id}`}>{lot.number}</a>,
      },
      { key: "title", header: "Title", phone: "heading", cell: (lot) => lot.title },
      { key: "location", header: "Location", phone: "detail", hideBelow: "md", cell: (lot) => lot.location },
      { key: "note", header: "Note", hideBelow: "2xl", cell: () => "-" },
    ];
    const html = await renderElementHtml(
      "/quality/lot",
      <DataTable
        caption="Lots"
        columns={phoneColumns}
        rows={lots}
        rowKey={(lot) => lot.id}
        page={1}
        pageSize={10}
        total={2}
      />,
    );
    expect(html).not.toContain("<ul");
    expect(html.match(/LOT-0002/g)).toHaveLength(1);
    // The columns' places are said once, on the table (app.css reads them); the cells carry none.
    expect(html).toContain(
      '<table class="data-table table-cards" data-hide="md3 2xl4" data-cards="h1 h2 d3">',
    );
    expect(html).toContain('<td><a href="/quality/lot/a">LOT-0002</a></td><td>Deck pour</td>');
    expect(html).toContain('<td data-label="Location">Span 2</td><td>-</td>');
  });

  it("keeps a plain table when the page gives no card", async () => {
    const html = await renderElementHtml("/quality/lot", lotTable(false));
    expect(html).not.toContain("md:hidden");
    expect(html).not.toContain("hidden md:block");
  });
});

describe("RegisterPage", () => {
  it("puts the filters in a disclosure that is closed on a phone and open beside the list on wide screens", async () => {
    const html = await renderElementHtml(
      "/quality/lot?status=open",
      <RegisterPage
        title="Lots"
        description="Every lot of the project."
        actions={<a href="/quality/lot/create">Create Lot</a>}
        filters={{
          fields: ["status"],
          activeCount: 1,
          children: <input name="status" value="open" readOnly />,
        }}
        search={<SearchBox />}
        exportLink={{ href: "/quality/lot/export?status=open", label: "Export Excel" }}
      >
        {lotTable(true)}
      </RegisterPage>,
    );
    expect(html).toContain("<h1");
    const details = html.match(/<details[^>]*>/)?.[0] ?? "";
    expect(details).not.toContain("open");
    // app.css keeps .filter-panel-sidebar open from xl (::details-content), without scripts.
    expect(details).toContain('class="filter-panel filter-panel-sidebar"');
    expect(html).toContain("1 active");
    expect(html).toContain('href="/quality/lot/export?status=open"');
    // The list follows the one-line filter summary and the search, nothing longer.
    expect(html.indexOf("</summary>")).toBeLessThan(html.indexOf('role="search"'));
    expect(html.indexOf('role="search"')).toBeLessThan(html.indexOf("LOT-0002"));
  });
});

describe("DetailPage", () => {
  it("shows the way back, the header, the current tab and the activity", async () => {
    const html = await renderElementHtml(
      "/quality/lot/a/itp",
      <DetailPage
        back={{ to: "/quality/lot", label: "Back to lots" }}
        title="LOT-0002 Deck pour"
        meta={<span>Open</span>}
        tabs={{
          label: "Lot sections",
          items: [
            { href: "/quality/lot/a", label: "Detail", current: false },
            { href: "/quality/lot/a/itp", label: "ITP", current: true },
          ],
        }}
        activity={
          <ActivityList entries={[{ id: "1", summary: "Created by Erin", time: "today" }]} empty="None" />
        }
      >
        <p>Items</p>
      </DetailPage>,
    );
    expect(html).toContain('href="/quality/lot"');
    expect(html).toMatch(/<h1[^>]*>LOT-0002 Deck pour<\/h1>/);
    expect(html).toMatch(/<nav aria-label="Lot sections"/);
    expect(html).toMatch(/<a aria-current="page"[^>]*href="\/quality\/lot\/a\/itp"/);
    expect(html).toMatch(/<h2[^>]*>Activity<\/h2>/);
    expect(html).toContain("Created by Erin");
  });
});
