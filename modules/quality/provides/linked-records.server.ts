import { type LinkedRecord, type Provider, provide } from "~/server/extensions/contracts";
import { isUuid } from "~/server/http/responses";
import { type IItpItem, ItpItem, Lot } from "../entities";
import { itpPath } from "../server/itp-rules";
import { lotPath } from "../server/lot-rules";

const uuids = (ids: readonly string[]) => ids.filter(isUuid);

const lotRecord = (lot: { id: string; number: string; title: string }): LinkedRecord => ({
  kind: "lot",
  id: lot.id,
  title: `${lot.number} · ${lot.title}`,
  href: lotPath(lot.id),
});

const itemRecord = (item: IItpItem): LinkedRecord => ({
  kind: "itpItem",
  id: item.id,
  title: `${item.itp.number} · ${item.position}. ${item.activity}`,
  href: itpPath(item.itp.id),
});
/** Escapes LIKE's wildcards so a typed % or _ matches itself. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Lots and ITP items as linked records, so an action, an NCR or a diary entry in another module can point
 * at them: "LOT-0042 · Pier 3 footing", "ITP-0003 rev 1 · item 4 · Compaction test".
 */
export const provider: Provider<"linked-records"> = provide("linked-records", {
  resolvers: [
    {
      kind: "lot",
      permission: "quality.lot.view",
      async resolve({ em, project }, ids) {
        const lots = await em.find(
          Lot,
          { project: project.id, id: { $in: uuids(ids) } },
          { fields: ["number", "title"], orderBy: { sequence: "asc" } },
        );
        return lots.map(lotRecord);
      },
      async search({ em, project }, text, limit) {
        const lots = await em.find(
          Lot,
          text
            ? {
                project: project.id,
                $or: [{ number: { $ilike: containing(text) } }, { title: { $ilike: containing(text) } }],
              }
            : { project: project.id },
          { fields: ["number", "title"], orderBy: { sequence: "desc" }, limit },
        );
        return lots.map(lotRecord);
      },
    },
    {
      kind: "itpItem",
      permission: "quality.itp.view",
      async resolve({ em, project }, ids) {
        const items = await em.find(
          ItpItem,
          { project: project.id, id: { $in: uuids(ids) } },
          { populate: ["itp"], orderBy: { position: "asc" } },
        );
        return items.map(itemRecord);
      },
      async search({ em, project }, text, limit) {
        const items = await em.find(
          ItpItem,
          text
            ? {
                project: project.id,
                $or: [
                  { activity: { $ilike: containing(text) } },
                  { itp: { number: { $ilike: containing(text) } } },
                ],
              }
            : { project: project.id },
          { populate: ["itp"], orderBy: { itp: { number: "asc" }, position: "asc" }, limit },
        );
        return items.map(itemRecord);
      },
    },
  ],
});
