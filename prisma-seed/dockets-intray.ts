import { randomUUID } from "node:crypto";
import { Readable } from "node:stream";
import { deflateSync } from "node:zlib";
import type { EntityManager } from "@mikro-orm/postgresql";
import { IntrayItem } from "~/modules/dockets/entities";
import { fileStorage, newStorageKey } from "~/plugins/storage/index.server";
import type { IProject, IUser } from "~/server/db/entities";
import { scopeToProject } from "~/server/db/project-scope";
import { saveAttachmentRecords } from "~/server/uploads/index.server";

/** The intray's demo: a few "photos" of paper dockets waiting to be written up, one set aside. */

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer) {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, body: Buffer) {
  const head = Buffer.alloc(4);
  head.writeUInt32BE(body.length);
  const typed = Buffer.concat([Buffer.from(type, "ascii"), body]);
  const tail = Buffer.alloc(4);
  tail.writeUInt32BE(crc32(typed));
  return Buffer.concat([head, typed, tail]);
}

/**
 * A small grey PNG that looks like a docket from afar: a paper sheet with ruled lines and a darker header, its
 * tint varied by `seed` so the thumbnails differ.
 */
export function docketPng(seed: number, width = 120, height = 160): Buffer {
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x++) {
      const margin = x < 8 || x >= width - 8 || y < 8 || y >= height - 8;
      const header = y >= 14 && y < 30 && x >= 14 && x < width - 14;
      const ruled = y > 40 && y % 12 === 0 && x >= 14 && x < width - 14;
      const shade = margin ? 90 : header ? 120 : ruled ? 170 : 246 - (seed % 4) * 6;
      row[1 + x * 3] = shade;
      row[2 + x * 3] = shade - (margin ? 0 : seed % 3) * 4;
      row[3 + x * 3] = shade - (margin ? 0 : 10);
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(Buffer.concat(rows))),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

const NAMES = [
  "docket-formwork-0412.png",
  "docket-excavator-hire.png",
  "docket-concrete-pour.png",
  "docket-labour-night.png",
];

export async function seedDocketsIntrayDemo(em: EntityManager, input: { project: IProject; by: IUser }) {
  const scoped = scopeToProject(em, input.project.id);
  for (const [index, name] of NAMES.entries()) {
    const png = docketPng(index);
    const key = newStorageKey();
    const { size } = await fileStorage().put(key, Readable.from(png), { contentType: "image/png" });
    const id = randomUUID();
    const [attachment] = await saveAttachmentRecords(scoped, {
      projectId: input.project.id,
      entityType: "dockets.intray",
      entityId: id,
      files: [{ key, fileName: name, contentType: "image/png", size }],
      uploadedBy: input.by.id,
    });
    scoped.create(IntrayItem, {
      id,
      project: input.project.id,
      imageName: name,
      attachmentId: attachment.id,
      // The last one was set aside (a duplicate photo).
      active: index < NAMES.length - 1,
      docketFields: index === 0 ? { poNumber: "PO-4412", type: "labour" } : null,
      uploadedBy: input.by.id,
    } as never);
  }
  await scoped.flush();
}
