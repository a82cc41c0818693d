import { type Provider, provide } from "~/server/extensions/contracts";
import { ENFORCEMENT_PERMISSIONS, objectKey } from "../domain/enforcement-scan";
import { SafetyEnforcementScan } from "../entities";
import { enforcementPath } from "../server/enforcement-basics";

/**
 * The enforcement scans of one object for its own module's page (decision 031: a scan names its object by a
 * tag, stored folded to capitals): those of its type whose tag is the object's id or one of its tags, or whose
 * name as written is one of its tags — a plant item scanned by its registration, its serial or its record's id.
 */
export const provider: Provider<"enforcement.scans"> = provide("enforcement.scans", {
  permission: ENFORCEMENT_PERMISSIONS.view,
  async scans({ em, project }, { objectType, objectId, tags, limit }) {
    const keys = [...new Set([objectId, ...tags].map(objectKey).filter(Boolean))];
    if (keys.length === 0) return [];
    const table = em.getMetadata(SafetyEnforcementScan).tableName;
    const rows = await em.getConnection().execute<
      {
        id: string;
        number: string;
        status: "PASS" | "FAIL";
        object_id: string;
        object_name: string;
        activity: string | null;
        comment: string | null;
        created_at: Date | string;
        scanned_by: string | null;
      }[]
    >(
      `select s.id, s."number", s.status, s.object_id, s.object_name, s.activity, s.comment, s.created_at,
              u.name as scanned_by
         from ${table} s left join app_user u on u.id = s.created_by_id
        where s.project_id = ? and s.object_type = ?
          and (s.object_id in (?) or upper(regexp_replace(trim(s.object_name), '\\s+', ' ', 'g')) in (?))
        order by s.sequence desc
        limit ?`,
      [project.id, objectType, keys, keys, limit],
    );
    return rows.map((row) => ({
      id: row.id,
      number: row.number,
      result: row.status,
      objectId: row.object_id,
      objectName: row.object_name,
      activity: row.activity,
      comment: row.comment,
      scannedAt: new Date(row.created_at).toISOString(),
      scannedBy: row.scanned_by,
      href: enforcementPath(row.id),
    }));
  },
});
