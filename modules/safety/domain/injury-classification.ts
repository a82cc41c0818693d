/**
 * How an injured person's injury is classified, from the most to the least severe. The frequency rates
 * count people, not incidents: an incident with two people hurt counts twice.
 * - lost time (LTIFR): fatality and lost time injury — the person lost at least one full shift after the day of injury;
 * - recordable (TRIFR): those, plus medical treatment and restricted work injuries;
 * - first aid and near miss are recorded and reported, but are in neither rate.
 */
export const injuryClassifications = ["fatality", "lti", "mti", "rwi", "first_aid", "near_miss"] as const;
export type InjuryClassification = (typeof injuryClassifications)[number];

const lostTime: ReadonlySet<InjuryClassification> = new Set(["fatality", "lti"]);
const recordable: ReadonlySet<InjuryClassification> = new Set(["fatality", "lti", "mti", "rwi"]);

export function isLostTime(classification: InjuryClassification): boolean {
  return lostTime.has(classification);
}

export function isRecordable(classification: InjuryClassification): boolean {
  return recordable.has(classification);
}
