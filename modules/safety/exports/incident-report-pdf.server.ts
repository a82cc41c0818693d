import type { TFunction } from "i18next";
import { formatDate, formatDateTime } from "~/app/utils/format";
import { createPdfReport, type PdfReport, type PdfValue } from "~/server/exports/pdf.server";
import type { Locale } from "~/server/i18n/locale";
import { INCIDENT_FORM_GROUPS, PEEPO_FIELDS } from "../domain/incident-fields";
import type { IncidentRecord } from "../server/incident-detail.server";
import { describeIncidentEntry, type IncidentActivityEntry } from "../ui/incident-activity";

/** An injured person's photo, its bytes read just before it is drawn. */
export type IncidentReportPhoto = { personId: string; fileName: string; storageKey: string; size: number };

/** Everything the incident report prints, loaded by the job (server/incident-report.server.ts). */
export type IncidentReportData = {
  project: { name: string; number: string };
  incident: IncidentRecord;
  photos: IncidentReportPhoto[];
  activity: IncidentActivityEntry[];
  generatedBy: string | null;
  generatedAt: Date;
};

export type IncidentReportImages = {
  read: (photo: IncidentReportPhoto) => Promise<Buffer | null>;
  onImage: (done: number) => Promise<void>;
};

export function startIncidentReportPdf(report: IncidentReportData, t: TFunction, locale: Locale): PdfReport {
  const { timeZone } = report.incident;
  return createPdfReport({
    title: t("incident.report.documentTitle", { number: report.incident.number }),
    headerLeft: `${report.project.number} ${report.project.name}`,
    headerRight: report.incident.number,
    footerLeft: t("incident.report.generatedBy", {
      date: `${formatDateTime(report.generatedAt, locale, timeZone)} (${timeZone})`,
      name: report.generatedBy ?? "-",
    }),
    pageLabel: (page, total) => t("incident.report.pageOf", { page, total }),
  });
}

/**
 * The incident report: every section of the incident as its view page shows it (basic information, the
 * management forms and drug and alcohol tests, the injured people with their photos, victims and
 * witnesses, the investigation, the sign-off with its signature) and the activity log. Ends the document.
 */
export async function drawIncidentReport(
  pdf: PdfReport,
  report: IncidentReportData,
  t: TFunction,
  locale: Locale,
  images: IncidentReportImages,
): Promise<void> {
  const incident = report.incident;
  const { timeZone } = incident;
  const none = t("incident.detail.notSet");
  const field = (name: string) => t(`incident.fields.${name}`);
  const day = (value: string | null) => (value ? formatDate(value, locale) : null);
  const moment = (value: string | Date) => `${formatDateTime(value, locale, timeZone)} (${timeZone})`;
  const yesNo = (value: boolean) => t(value ? "incident.detail.yes" : "incident.detail.no");
  const pairsOrNone = (pairs: [string, PdfValue][]) => {
    const filled = pairs.filter(([, value]) => value !== null && value !== undefined && value !== "");
    if (filled.length) pdf.keyValues(filled);
    else pdf.paragraph(none, { muted: true });
  };

  pdf.heading(`${incident.number} ${incident.title}`);
  pdf.keyValues([
    [t("incident.report.status"), t(`incident.status.${incident.status}`)],
    [t("incident.lock.locked"), yesNo(incident.locked)],
    [t("incident.report.raisedAt"), moment(incident.createdAt)],
    [t("incident.report.closedAt"), incident.closedAt ? moment(incident.closedAt) : null],
  ]);

  pdf.heading(t("incident.sections.basic"));
  pdf.keyValues([
    [field("occurredAt"), moment(incident.occurredAt)],
    [field("location"), incident.location?.name],
    [field("impactAreas"), incident.impactAreas.map((area) => t(`incident.impact.${area}`)).join(", ")],
    [field("reporter"), incident.reporter?.name],
    [field("shePerson"), incident.shePerson?.name],
    [field("description"), incident.description],
  ]);

  pdf.heading(t("incident.sections.forms"));
  const forms = incident.forms as Record<string, string | null>;
  for (const [group, keys] of Object.entries(INCIDENT_FORM_GROUPS)) {
    pdf.subheading(t(`incident.forms.${group}`));
    pairsOrNone(keys.map((key): [string, PdfValue] => [field(key), forms[key]]));
  }
  pdf.subheading(t("incident.forms.drug"));
  if (incident.drugTests.length === 0) pdf.paragraph(t("incident.forms.noDrugTests"), { muted: true });
  for (const test of incident.drugTests)
    pdf.keyValues([
      [field("memberName"), test.memberName],
      [field("position"), test.position],
      [field("company"), test.company],
      [field("testedOn"), day(test.testedOn)],
      [field("drugDetected"), test.drugDetected],
      [field("reasonForTest"), test.reasonForTest],
      [field("initialBac"), test.initialBac],
      [field("secondaryBac"), test.secondaryBac],
      [field("prescriptionMedication"), yesNo(test.prescriptionMedication)],
      [field("additionalInformation"), test.additionalInformation],
    ]);

  pdf.heading(t("incident.sections.injury"));
  if (incident.injured.length === 0) pdf.paragraph(t("incident.injury.none"), { muted: true });
  let drawn = 0;
  for (const person of incident.injured) {
    pdf.subheading(`${person.fullName} (${t(`incident.classification.${person.classification}`)})`);
    pdf.keyValues([
      [field("employer"), person.employer],
      [
        field("employmentStatus"),
        person.employmentStatus ? t(`incident.employment.${person.employmentStatus}`) : null,
      ],
      [field("occupation"), person.occupation],
      [field("dateOfBirth"), day(person.dateOfBirth)],
      [field("age"), person.age],
      [field("supervisor"), person.supervisor],
      [field("bodyPart"), person.bodyPart],
      [field("nature"), person.nature],
      [field("mechanism"), person.mechanism],
      [field("agency"), person.agency],
      [field("shiftPortion"), person.shiftPortion ? t(`incident.shift.${person.shiftPortion}`) : null],
      [field("daysLost"), person.daysLost],
      [field("injuryDescription"), person.injuryDescription],
    ]);
    for (const photo of report.photos.filter((row) => row.personId === person.id)) {
      const bytes = await images.read(photo);
      if (!bytes || !pdf.photo(bytes, photo.fileName))
        pdf.paragraph(t("incident.report.photoNotDrawn", { name: photo.fileName }), { muted: true });
      drawn += 1;
      await images.onImage(drawn);
    }
    const others = person.files.filter(
      (file) => !report.photos.some((photo) => photo.fileName === file.fileName),
    );
    if (others.length)
      pdf.paragraph(
        t("incident.report.otherFiles", { names: others.map((file) => file.fileName).join(", ") }),
      );
  }

  pdf.subheading(t("incident.report.victims"));
  if (incident.victims.length === 0) pdf.paragraph(none, { muted: true });
  else
    pdf.table(
      [
        { header: field("fullName"), width: 2 },
        { header: field("company"), width: 2 },
      ],
      incident.victims.map((victim) => [victim.fullName, victim.company]),
    );
  pdf.subheading(t("incident.report.witnesses"));
  if (incident.witnesses.length === 0) pdf.paragraph(none, { muted: true });
  else
    pdf.table(
      [
        { header: field("fullName"), width: 2 },
        { header: field("company"), width: 2 },
      ],
      incident.witnesses.map((witness) => [witness.fullName, witness.company]),
    );

  const inv = incident.investigation;
  pdf.heading(t("incident.sections.investigation"));
  pdf.subheading(t("incident.investigation.events"));
  if (inv.events.length === 0) pdf.paragraph(none, { muted: true });
  else
    pdf.table(
      [
        { header: t("incident.report.eventTime"), width: 1 },
        { header: field("description"), width: 5 },
      ],
      inv.events.map((event) => [event.timeLabel, event.description]),
    );
  pdf.subheading(t("incident.investigation.peepo"));
  pairsOrNone(PEEPO_FIELDS.map((key): [string, PdfValue] => [field(key), inv[key]]));
  pdf.subheading(t("incident.investigation.factors"));
  if (inv.factors.length === 0) pdf.paragraph(none, { muted: true });
  else
    pdf.table(
      [
        { header: t("incident.report.causeGroup"), width: 2 },
        { header: field("description"), width: 5 },
      ],
      inv.factors.map((factor) => [t(`incident.causeGroups.${factor.causeGroup}`), factor.description]),
    );
  pdf.keyValues([[field("rootCause"), inv.rootCause]]);
  pdf.subheading(t("incident.investigation.plan"));
  if (inv.plan.length === 0) pdf.paragraph(none, { muted: true });
  else
    pdf.table(
      [
        { header: field("description"), width: 4 },
        { header: t("incident.report.responsible"), width: 2 },
        { header: t("incident.report.dueDate"), width: 1.5 },
        { header: t("incident.report.action"), width: 2 },
      ],
      inv.plan.map((row) => [
        row.description,
        row.responsible,
        day(row.dueDate),
        row.action ? `${row.action.number} (${t(`action.status.${row.action.status}`)})` : null,
      ]),
    );

  const signOff = incident.signOff;
  pdf.heading(t("incident.sections.signoff"));
  pdf.keyValues([
    [field("reportCompletedBy"), signOff.reportCompletedBy],
    [field("reviewedBy"), signOff.reviewedBy],
    [
      field("reviewerRole"),
      signOff.reviewerRole ? t(`incident.reviewerRoles.${signOff.reviewerRole}`) : null,
    ],
    [field("signedOn"), day(signOff.signedOn)],
    [field("signOffComment"), signOff.comment],
  ]);
  const typed = signOff.signature?.startsWith("typed:") ? signOff.signature.slice(6) : null;
  pdf.signature({
    label: field("signature"),
    dataUrl: typed ? null : signOff.signature,
    missing: typed ? t("incident.report.typedSignature", { name: typed }) : t("incident.report.notSigned"),
    caption: signOff.signedOn
      ? t("incident.report.signedCaption", {
          name: signOff.reviewedBy ?? signOff.reportCompletedBy ?? "-",
          date: day(signOff.signedOn),
        })
      : t("incident.report.notSigned"),
  });

  pdf.heading(t("incident.report.activity"));
  if (report.activity.length === 0) pdf.paragraph(t("incident.activity.empty"), { muted: true });
  else {
    const translate = (key: string, options?: Record<string, unknown>) => String(t(key, options as never));
    pdf.table(
      [
        { header: t("incident.report.activityColumns.when"), width: 2 },
        { header: t("incident.report.activityColumns.what"), width: 3 },
        { header: t("incident.report.activityColumns.details"), width: 4 },
      ],
      report.activity.map((entry) => {
        const line = describeIncidentEntry(entry, translate, locale);
        return [moment(entry.createdAt), String(line.summary), (line.details ?? []).map(String).join("; ")];
      }),
    );
  }
  pdf.end();
}
