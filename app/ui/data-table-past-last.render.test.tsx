import { describe, expect, it } from "vitest";
import { renderElementHtml } from "~/tests/setup/render";
import { DataTable } from "./data-table";
import { EmptyState } from "./empty-state";

const table = (page: number, total: number) => (
  <DataTable
    caption="Lots"
    columns={[{ key: "title", header: "Title", cell: (row: { id: string }) => row.id }]}
    rows={[]}
    rowKey={(row) => row.id}
    page={page}
    pageSize={20}
    total={total}
    empty={<EmptyState item="lots" />}
  />
);

describe("a register's page past the last one (every register: the shared DataTable)", () => {
  it("says so and links to the last page, keeping the search and filters", async () => {
    const html = await renderElementHtml("/quality/lot?q=deck&status=open&page=9", table(9, 45));
    expect(html).toContain("Page 9 is past the last page: the list has 45 in 3 pages.");
    expect(html).toContain('href="/quality/lot?q=deck&amp;status=open&amp;page=3"');
    expect(html).not.toContain("You don&#x27;t have any lots yet");
  });

  it("an empty list still says it is empty", async () => {
    const html = await renderElementHtml("/quality/lot", table(1, 0));
    expect(html).toContain("have any lots yet");
    expect(html).not.toContain("past the last page");
  });
});
