import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { formatFileSize } from "~/app/ui/file-size";
import { externalRoute } from "~/server/permissions/guard.server";
import { loadExternalEvidence } from "../server/hold-point-link-page.server";
import { ClosedLotLink } from "../ui/hold-point-link";
import { ReviewPageFrame } from "../ui/itp-link-review";
import { useReportMessages } from "../ui/lot-itp-messages";

export const handle = { i18n: ["quality", "common", "ui"] };

export const meta: MetaFunction = () => [
  { title: "Evidence | SiteProof" },
  { name: "robots", content: "noindex" },
];

/** A point's evidence files for the client of its open link: the list, or one file with `?file=<id>`. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const context = await externalRoute(request);
  const url = new URL(request.url);
  return loadExternalEvidence(
    context,
    url.searchParams.get("token") ?? "",
    { lotId: params.lotId ?? "", itemId: params.hpwpId ?? "" },
    url.searchParams.get("file"),
  );
}

export default function ExternalEvidencePage() {
  const page = useLoaderData<typeof loader>() as
    | {
        state: "valid";
        token: string;
        lotNumber: string;
        back: string;
        point: { itpNumber: string; position: number; activity: string };
        files: { id: string; fileName: string; size: number }[];
      }
    | { state: string };
  const { t } = useReportMessages();
  if (!("files" in page))
    return (
      <ReviewPageFrame>
        <ClosedLotLink state={page.state} />
      </ReviewPageFrame>
    );
  return (
    <ReviewPageFrame>
      <h1 className="text-xl font-semibold text-slate-900">
        {t("quality:hpWpClient.evidence.title", {
          lot: page.lotNumber,
          point: `${page.point.itpNumber} #${page.point.position} ${page.point.activity}`,
        })}
      </h1>
      {page.files.length === 0 ? (
        <p className="mt-4 text-sm text-slate-600">{t("quality:hpWpClient.evidence.none")}</p>
      ) : (
        <ul className="mt-4 list-inside list-disc text-sm">
          {page.files.map((file) => (
            <li key={file.id}>
              <a
                className="text-brand-700 underline"
                href={`?token=${encodeURIComponent(page.token)}&file=${file.id}`}
              >
                {file.fileName}
              </a>{" "}
              ({formatFileSize(file.size)})
            </li>
          ))}
        </ul>
      )}
      <a className="mt-6 inline-block text-sm text-brand-700 underline" href={page.back}>
        {t("quality:hpWpClient.evidence.back")}
      </a>
    </ReviewPageFrame>
  );
}
