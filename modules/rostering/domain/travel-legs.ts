import { consecutiveRuns, shiftDay } from "./accommodation-nights";

/**
 * Fly-in fly-out legs proposed from a roster: for each run of a person's consecutive rostered days, an "in"
 * leg the day before the first day (home to the project) and an "out" leg the day after the last (back home).
 */

export type TravelLegProposal = {
  personId: string;
  direction: "in" | "out";
  travelOn: string;
  origin: string;
  destination: string;
};

export function proposeLegs(
  person: { id: string; homeLocation?: string | null },
  rosteredDays: readonly string[],
  projectName: string,
  limit: number,
): TravelLegProposal[] {
  const home = (person.homeLocation ?? "").trim().slice(0, limit);
  const site = projectName.trim().slice(0, limit);
  return consecutiveRuns(rosteredDays).flatMap((run) => [
    {
      personId: person.id,
      direction: "in",
      travelOn: shiftDay(run.first, -1),
      origin: home,
      destination: site,
    },
    {
      personId: person.id,
      direction: "out",
      travelOn: shiftDay(run.last, 1),
      origin: site,
      destination: home,
    },
  ]);
}

/** A leg is the same trip as another when the person, direction and day agree. */
export const legKey = (leg: { personId: string; direction: string; travelOn: string }) =>
  `${leg.personId}|${leg.direction}|${leg.travelOn}`;
