import { readListSort } from "../list-sort";

/** Made-up lots for /storybook/table-example: generated the same way every time, so pages are stable links. */

export const LOT_STATUSES = ["open", "conformed", "onHold", "closed"] as const;
export type LotStatus = (typeof LOT_STATUSES)[number];

export type SampleLot = {
  reference: string;
  name: string;
  status: LotStatus;
  owner: string;
  amountCents: number;
  /** A site date, 'YYYY-MM-DD'. */
  updatedOn: string;
};

export const SAMPLE_OWNERS = ["Alex Nguyen", "Bao Tran", "Chloe Smith", "Dinh Pham", "Emma Wilson"];
const WORKS = [
  "Earthworks",
  "Drainage",
  "Pavement",
  "Kerb and channel",
  "Bridge deck",
  "Retaining wall",
  "Lighting",
];
const AREAS = ["Stage 1", "Stage 2", "North ramp", "South ramp", "Interchange"];

export const SAMPLE_LOT_COUNT = 57;

export function sampleLots(count = SAMPLE_LOT_COUNT): SampleLot[] {
  const firstDay = Date.UTC(2025, 0, 6);
  return Array.from({ length: count }, (_, index) => {
    const n = index + 1;
    return {
      reference: `LOT-${String(n).padStart(3, "0")}`,
      name: `${WORKS[index % WORKS.length]} – ${AREAS[(index * 3) % AREAS.length]}`,
      status: LOT_STATUSES[(index * 7) % LOT_STATUSES.length],
      owner: SAMPLE_OWNERS[(index * 2) % SAMPLE_OWNERS.length],
      amountCents: ((n * 7919) % 500_000) * 100 + ((n * 37) % 100),
      updatedOn: new Date(firstDay + ((index * 5) % 90) * 86_400_000).toISOString().slice(0, 10),
    };
  });
}

export type LotQuery = {
  q: string;
  statuses: LotStatus[];
  owner: string | null;
  from: string | null;
  to: string | null;
  sort: "reference" | "name" | "amount" | "updatedOn";
  dir: "asc" | "desc";
};

const SORT_KEYS: LotQuery["sort"][] = ["reference", "name", "amount", "updatedOn"];
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Reads the list state from the URL; anything unknown falls back to the default rather than failing. */
export function readLotQuery(params: URLSearchParams, owners: readonly string[]): LotQuery {
  const owner = params.get("owner");
  const from = params.get("from");
  const to = params.get("to");
  return {
    q: (params.get("q") ?? "").trim(),
    statuses: params
      .getAll("status")
      .filter((s): s is LotStatus => (LOT_STATUSES as readonly string[]).includes(s)),
    owner: owner && owners.includes(owner) ? owner : null,
    from: from && DATE.test(from) ? from : null,
    to: to && DATE.test(to) ? to : null,
    ...readListSort(params, SORT_KEYS, { sort: "reference", dir: "asc" }),
  };
}

export function queryLots(lots: readonly SampleLot[], query: LotQuery): SampleLot[] {
  const needle = query.q.toLowerCase();
  const matching = lots.filter(
    (lot) =>
      (!needle || lot.reference.toLowerCase().includes(needle) || lot.name.toLowerCase().includes(needle)) &&
      (query.statuses.length === 0 || query.statuses.includes(lot.status)) &&
      (!query.owner || lot.owner === query.owner) &&
      (!query.from || lot.updatedOn >= query.from) &&
      (!query.to || lot.updatedOn <= query.to),
  );
  const sign = query.dir === "asc" ? 1 : -1;
  const value = (lot: SampleLot) => (query.sort === "amount" ? lot.amountCents : lot[query.sort]);
  return matching.sort((a, b) => {
    const left = value(a);
    const right = value(b);
    return (left < right ? -1 : left > right ? 1 : 0) * sign;
  });
}
