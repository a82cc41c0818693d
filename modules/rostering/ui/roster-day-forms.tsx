import { Form } from "@remix-run/react";
import { Button } from "~/app/ui/button";
import { EditInPlace } from "~/app/ui/edit-in-place";
import { FormAlert, TextField } from "~/app/ui/field";
import { NativeSelect } from "~/app/ui/native-select";
import { useLastPost } from "~/app/ui/use-last-post";
import { AccommodationRosterBookForm } from "./accommodation-roster-book-form";
import { useRosteringText } from "./rostering-text";

type Choice = { value: string; label: string };

const CARD = "space-y-3 rounded-lg border border-slate-200 bg-white p-4";

/**
 * The roster's changes. Always at hand: a day of a person (how a conflict is resolved) and a person's roster
 * link. Behind a link each (`?edit=people`, `?edit=rooms`), so a crew's month stays light: adding, taking off
 * and reassigning people, and booking rooms.
 */
export function RosterDayForms({
  days,
  assigned,
  others,
  rooms,
  can,
}: {
  days: { from: string; to: string };
  assigned: Choice[];
  others: Choice[];
  rooms: (Choice & { beds: number })[];
  can: { edit: boolean; assign: boolean; reassign: boolean; bookRooms: boolean; sendLink: boolean };
}) {
  const { t, translate } = useRosteringText();
  const setShift = useLastPost("set-shift");
  const assign = useLastPost("assign");
  const reassign = useLastPost("reassign");
  const shiftOptions = [
    { value: "day", label: t("rostering:shift.day") },
    { value: "night", label: t("rostering:shift.night") },
    { value: "off", label: t("rostering:shift.off") },
  ];
  const person = t("rostering:rosters.fields.personId");
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      {can.edit && assigned.length > 0 ? (
        <Form method="post" className={CARD}>
          <h2 className="font-semibold text-slate-900">{t("rostering:rosters.changeDay")}</h2>
          <input type="hidden" name="intent" value="set-shift" />
          <FormAlert errors={translate(setShift?.formErrors)} />
          <NativeSelect
            label={person}
            name="personId"
            options={assigned}
            defaultValue={setShift?.value("personId") || undefined}
            errors={translate(setShift?.errors("personId"))}
            required
          />
          <TextField
            label={t("rostering:rosters.fields.date")}
            errors={translate(setShift?.errors("date"))}
            inputProps={{
              name: "date",
              type: "date",
              min: days.from,
              max: days.to,
              required: true,
              defaultValue: setShift?.value("date"),
            }}
          />
          <NativeSelect
            label={t("rostering:rosters.fields.shift")}
            name="kind"
            options={shiftOptions}
            defaultValue={setShift?.value("kind") || "off"}
            errors={translate(setShift?.errors("kind"))}
          />
          <Button type="submit" size="sm" variant="secondary">
            {t("rostering:rosters.changeDaySubmit")}
          </Button>
        </Form>
      ) : null}
      {can.sendLink && assigned.length > 0 ? (
        <Form method="post" className={CARD}>
          <h2 className="font-semibold text-slate-900">{t("rostering:link.send")}</h2>
          <p className="text-sm text-slate-600">{t("rostering:link.sendHint")}</p>
          <input type="hidden" name="intent" value="send-link" />
          <NativeSelect label={person} name="personId" options={assigned} required />
          <Button type="submit" size="sm" variant="secondary">
            {t("rostering:link.send")}
          </Button>
        </Form>
      ) : null}
      {can.assign || can.reassign ? (
        <div className={CARD}>
          <h2 className="font-semibold text-slate-900">{t("rostering:rosters.people")}</h2>
          <EditInPlace recordId="people" label={t("rostering:rosters.managePeople")}>
            {() => (
              <>
                {can.assign ? (
                  <Form method="post" className="space-y-2">
                    <input type="hidden" name="intent" value="assign" />
                    <NativeSelect
                      label={t("rostering:rosters.assign")}
                      name="personId"
                      placeholder={t("rostering:choose")}
                      options={others}
                      errors={translate(assign?.errors("personId"))}
                      required
                    />
                    <Button type="submit" size="sm" variant="secondary">
                      {t("rostering:rosters.assignSubmit")}
                    </Button>
                  </Form>
                ) : null}
                {can.assign && assigned.length > 0 ? (
                  <Form method="post" className="space-y-2">
                    <input type="hidden" name="intent" value="unassign" />
                    <NativeSelect
                      label={t("rostering:rosters.unassign")}
                      name="personId"
                      options={assigned}
                      required
                    />
                    <Button type="submit" size="sm" variant="secondary">
                      {t("rostering:rosters.unassign")}
                    </Button>
                  </Form>
                ) : null}
                {can.reassign && assigned.length > 0 ? (
                  <Form method="post" className="space-y-2">
                    <h3 className="text-sm font-semibold text-slate-900">
                      {t("rostering:rosters.reassign")}
                    </h3>
                    <input type="hidden" name="intent" value="reassign" />
                    <NativeSelect
                      label={t("rostering:rosters.fields.fromPersonId")}
                      name="fromPersonId"
                      options={assigned}
                      errors={translate(reassign?.errors("fromPersonId"))}
                      required
                    />
                    <NativeSelect
                      label={t("rostering:rosters.fields.toPersonId")}
                      name="toPersonId"
                      placeholder={t("rostering:choose")}
                      options={others}
                      errors={translate(reassign?.errors("toPersonId"))}
                      required
                    />
                    <Button type="submit" size="sm" variant="secondary">
                      {t("rostering:rosters.reassignSubmit")}
                    </Button>
                  </Form>
                ) : null}
              </>
            )}
          </EditInPlace>
        </div>
      ) : null}
      {can.bookRooms && assigned.length > 0 ? (
        <div className={CARD}>
          <h2 className="font-semibold text-slate-900">{t("rostering:rosters.bookRooms")}</h2>
          <p className="text-sm text-slate-600">{t("rostering:rosters.bookRoomsHint")}</p>
          <EditInPlace recordId="rooms" label={t("rostering:rosters.chooseRoom")}>
            {() => <AccommodationRosterBookForm rooms={rooms} />}
          </EditInPlace>
        </div>
      ) : null}
    </div>
  );
}
