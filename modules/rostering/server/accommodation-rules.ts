import { z } from "zod";
import { isoDaySchema } from "~/app/utils/iso-day";
import { message, requiredMessage } from "~/app/utils/message-key";
import { confirmedCheckbox, optionalText, requiredText } from "~/server/http/form-fields";
import { ACCOMMODATION_INTENTS, ACCOMMODATION_LIMITS as L } from "./accommodation-basics";

export * from "./accommodation-basics";

/** Accommodation form rules for the server: messages are rostering:accommodation.* keys. */

const errors = (key: string) => message(`rostering:accommodation.errors.${key}`);
const invalidDate = errors("invalidDate");
const id = (key: string) => z.string({ error: errors(key) }).uuid({ error: errors(key) });

export const accommodationFormSchema = z.object({
  name: requiredText(L.name),
  address: optionalText(L.address),
  notes: optionalText(L.notes),
});
export type AccommodationForm = z.infer<typeof accommodationFormSchema>;

export const addRoomSchema = z.object({
  intent: z.literal(ACCOMMODATION_INTENTS.addRoom),
  name: requiredText(L.roomName),
  beds: z.coerce
    .number({ error: errors("beds") })
    .int({ error: errors("beds") })
    .min(L.minBeds, errors("beds"))
    .max(L.maxBeds, errors("beds")),
});

export const removeRoomSchema = z.object({
  intent: z.literal(ACCOMMODATION_INTENTS.removeRoom),
  roomId: id("roomNotFound"),
  confirmed: confirmedCheckbox(errors("confirmRequired")),
});

export const bookSchema = z
  .object({
    intent: z.literal(ACCOMMODATION_INTENTS.book),
    roomId: z.string({ error: requiredMessage }).uuid({ error: errors("roomNotFound") }),
    personId: z.string({ error: requiredMessage }).uuid({ error: errors("personNotFound") }),
    checkIn: isoDaySchema(invalidDate),
    checkOut: isoDaySchema(invalidDate),
  })
  .superRefine((value, context) => {
    if (value.checkOut <= value.checkIn)
      context.addIssue({ code: "custom", path: ["checkOut"], message: errors("checkOutNotAfterCheckIn") });
  });

export const cancelBookingSchema = z.object({
  intent: z.literal(ACCOMMODATION_INTENTS.cancelBooking),
  bookingId: id("bookingNotFound"),
  confirmed: confirmedCheckbox(errors("confirmRequired")),
});

export const deleteAccommodationSchema = z.object({
  intent: z.literal(ACCOMMODATION_INTENTS.delete),
  confirmed: confirmedCheckbox(errors("confirmRequired")),
});
