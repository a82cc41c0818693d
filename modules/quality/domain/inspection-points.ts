/**
 * Spec 9: the kinds of inspection point an ITP item can be, with their English names (the import
 * template lists them; screens translate the kind through the locale files).
 */
export const INSPECTION_POINTS = [
  { kind: "A", name: "Action" },
  { kind: "B", name: "Report by breach" },
  { kind: "C", name: "Check" },
  { kind: "D", name: "Dimension inspection" },
  { kind: "E", name: "Examine" },
  { kind: "H", name: "Hold point" },
  { kind: "I", name: "Inspection" },
  { kind: "M", name: "Monitor on random basis" },
  { kind: "O", name: "Operation" },
  { kind: "R", name: "Review" },
  { kind: "S", name: "Subcontraction" },
  { kind: "V", name: "Visual verification" },
  { kind: "W", name: "Witness point" },
] as const;

export type InspectionPointKind = (typeof INSPECTION_POINTS)[number]["kind"];

export const INSPECTION_POINT_CODES: readonly InspectionPointKind[] = INSPECTION_POINTS.map(
  (point) => point.kind,
);

export function isInspectionPointKind(value: unknown): value is InspectionPointKind {
  return typeof value === "string" && (INSPECTION_POINT_CODES as readonly string[]).includes(value);
}

/** The points a lot stops at (hold) or invites the client to (witness): the HP/WP tab lists these. */
export const HOLD_WITNESS_POINTS: readonly InspectionPointKind[] = ["H", "W"];
