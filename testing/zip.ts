/** Zip archives for tests, hostile ones included (bombs, lying directories). */
import zlib from 'node:zlib';

export type ZipEntry = {
  name: string;
  /** Content, or a count of zero bytes deflated chunk by chunk (never held whole in memory). */
  data: Buffer | { zeros: number };
  store?: boolean;
  /** Uncompressed size written in the central directory, when it should lie. */
  claimedSize?: number;
};

/** A minimal zip writer (local headers, deflate or store, central directory), enough for hostile archives. */
export async function buildZip(entries: ZipEntry[]): Promise<Buffer> {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    let crc = 0;
    let size = 0;
    let compressed: Buffer;
    if (Buffer.isBuffer(entry.data)) {
      crc = zlib.crc32(entry.data);
      size = entry.data.length;
      compressed = entry.store ? entry.data : zlib.deflateRawSync(entry.data);
    } else {
      const deflate = zlib.createDeflateRaw({ level: 9 });
      const parts: Buffer[] = [];
      deflate.on('data', (c: Buffer) => parts.push(c));
      const done = new Promise((resolve) => deflate.on('end', resolve));
      const chunk = Buffer.alloc(1024 * 1024);
      for (let left = entry.data.zeros; left > 0; left -= chunk.length) {
        const piece = left >= chunk.length ? chunk : chunk.subarray(0, left);
        crc = zlib.crc32(piece, crc);
        size += piece.length;
        if (!deflate.write(piece)) await new Promise((resolve) => deflate.once('drain', resolve));
      }
      deflate.end();
      await done;
      compressed = Buffer.concat(parts);
    }
    const name = Buffer.from(entry.name);
    const method = entry.store ? 0 : 8;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(method, 8);
    local.writeUInt16LE(0x21, 12);
    local.writeUInt32LE(crc >>> 0, 14);
    local.writeUInt32LE(compressed.length, 18);
    local.writeUInt32LE(entry.claimedSize ?? size, 22);
    local.writeUInt16LE(name.length, 26);
    const header = Buffer.alloc(46);
    header.writeUInt32LE(0x02014b50, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt16LE(20, 6);
    header.writeUInt16LE(method, 10);
    header.writeUInt16LE(0x21, 14);
    header.writeUInt32LE(crc >>> 0, 16);
    header.writeUInt32LE(compressed.length, 20);
    header.writeUInt32LE(entry.claimedSize ?? size, 24);
    header.writeUInt16LE(name.length, 28);
    header.writeUInt32LE(offset, 42);
    locals.push(local, name, compressed);
    central.push(header, name);
    offset += local.length + name.length + compressed.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Math.min(entries.length, 0xffff), 8);
  end.writeUInt16LE(Math.min(entries.length, 0xffff), 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

export const contentTypes = (main: string) =>
  Buffer.from(
    `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
      `<Override PartName="/main.xml" ContentType="${main}"/></Types>`,
  );
export const XLSX_MAIN = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml';
export const DOCX_MAIN = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml';
