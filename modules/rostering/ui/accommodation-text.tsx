import type { DataTableColumn } from "~/app/ui/data-table";
import { StatusBadge } from "~/app/ui/status-badge";
import { usePageText } from "~/app/ui/use-page-text";

/** The accommodation and travel pages' texts. */
export function useAccommodationText() {
  return usePageText(["rostering", "common"]);
}

/** A night (or stay) with more people than beds: allowed, but marked on the place's page. */
export function OverbookedBadge() {
  const { t } = useAccommodationText();
  return <StatusBadge tone="danger">{t("rostering:accommodation.overbooked")}</StatusBadge>;
}

/** A place (or room) of the company's shared accommodation, which every project books (decision 047). */
export function SharedBadge() {
  const { t } = useAccommodationText();
  return <StatusBadge tone="info">{t("rostering:accommodation.shared.badge")}</StatusBadge>;
}

/** The columns every place list shows after its name: address, rooms and beds (a project's and the shared). */
export function placeColumns<Row extends { address: string | null; rooms: number; beds: number }>(
  field: (name: string) => string,
): DataTableColumn<Row>[] {
  return [
    {
      key: "address",
      header: field("address"),
      label: field("address"),
      phone: "detail",
      cell: (row) => row.address || "-",
      hideBelow: "md",
    },
    {
      key: "rooms",
      header: field("rooms"),
      label: field("rooms"),
      phone: "detail",
      align: "right",
      cell: (row) => row.rooms,
    },
    {
      key: "beds",
      header: field("beds"),
      label: field("beds"),
      phone: "detail",
      align: "right",
      cell: (row) => row.beds,
    },
  ];
}
