import { z } from "zod";
import { isIsoDay } from "~/app/utils/iso-day";
import { maxLengthMessage, message, requiredMessage } from "~/app/utils/message-key";
import { checkboxField } from "~/server/http/form-fields";
import { TRAVEL_DIRECTIONS } from "../entities";
import { ACCOMMODATION_LIMITS } from "./accommodation-basics";

/** The travel page's form: every leg of the roster in one post, checked row by row (messages on the row). */

const L = ACCOMMODATION_LIMITS.travelText;
const errors = (key: string) => message(`rostering:travel.errors.${key}`);
const text = z.string().trim().optional();

const legSchema = z.object({
  id: z.string().trim().optional(),
  personId: z.string().trim().optional(),
  direction: z.string().optional(),
  travelOn: text,
  origin: text,
  destination: text,
  carrier: text,
  remove: checkboxField,
});
export type PostedLeg = z.infer<typeof legSchema>;

/** A new row left empty is not a leg (each person's page has one blank row to fill in). */
export const isBlankLeg = (leg: PostedLeg) =>
  !leg.id && !leg.travelOn && !leg.origin && !leg.destination && !leg.carrier;

export const travelFormSchema = z
  .object({ legs: z.array(legSchema).max(ACCOMMODATION_LIMITS.maxLegs, errors("tooMany")).default([]) })
  .superRefine((value, context) => {
    value.legs.forEach((leg, index) => {
      if (leg.remove || isBlankLeg(leg)) return;
      const issue = (field: string, text: string) =>
        context.addIssue({ code: "custom", path: ["legs", index, field], message: text });
      if (!TRAVEL_DIRECTIONS.includes(leg.direction as never))
        issue("direction", errors("directionRequired"));
      if (!leg.travelOn) issue("travelOn", requiredMessage);
      else if (!isIsoDay(leg.travelOn)) issue("travelOn", errors("invalidDate"));
      for (const field of ["origin", "destination"] as const) {
        if (!leg[field]) issue(field, requiredMessage);
        else if (leg[field].length > L) issue(field, maxLengthMessage(L));
      }
      if (leg.carrier && leg.carrier.length > L) issue("carrier", maxLengthMessage(L));
    });
  });
