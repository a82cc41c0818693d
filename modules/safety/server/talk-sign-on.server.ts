import { dayOfDateColumn } from "~/server/db/date-column";
import { SafetyTalk } from "../entities";
import { signOnPage } from "./sign-on-page.server";
import { addSignedAttendee } from "./talks.server";

/**
 * The attendee's sign-on page of a talk (`/external/ptt/:id/sign-on?token=`): the shared sign-on page
 * (sign-on-page.server) with the talk shown, and the signature added to its attendance.
 */
export const talkSignOn = signOnPage({
  subject: "talk",
  find: (em, subjectId, project) =>
    em.findOne(SafetyTalk, { id: subjectId, project: project.id }, { populate: ["supervisor"] }),
  view: (talk) => ({
    talk: {
      number: talk.number,
      kind: talk.kind,
      title: talk.title,
      heldOn: dayOfDateColumn(talk.heldOn),
      supervisor: talk.supervisor?.name ?? null,
    },
  }),
  onSigned: (tx, talk, signOn) => addSignedAttendee(tx, talk.id, signOn),
  reference: (talk) => talk.number,
  alreadySigned: "safety:talk.errors.alreadySigned",
});
