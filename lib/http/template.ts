/**
 * A page kept as constant parts with holes between them, filled for each answer: the identity
 * body is the parts joined, and the gzip body is built from the constant parts compressed once
 * (raw deflate ending on a full flush, so each stands alone) with only the holes compressed per
 * answer — a few hundred microseconds for a whole page instead of a compression of it.
 */
import zlib from 'node:zlib';

export type Template = {
  /** The constant parts: one more than the holes. */
  parts: Buffer[];
  /** Each part as raw deflate blocks; the last ends the stream. */
  deflated: Buffer[];
};

// Gzip member header: deflate, no name, no time, unknown OS.
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
/** Holes shorter than this go as stored blocks (compressing them would save a few bytes at most). */
const COMPRESS_FROM = 512;

/** A template of `parts` (constant text), with a hole between each two. */
export function compileTemplate(parts: readonly string[]): Template {
  if (parts.length === 0) throw new Error('a template has at least one part');
  const buffers = parts.map((p) => Buffer.from(p, 'utf8'));
  const deflated = buffers.map((b, i) =>
    zlib.deflateRawSync(b, { finishFlush: i === buffers.length - 1 ? zlib.constants.Z_FINISH : zlib.constants.Z_FULL_FLUSH }),
  );
  return { parts: buffers, deflated };
}

/** Deflate blocks holding `data` as it is, none of them the last. */
export function stored(data: Buffer): Buffer[] {
  const out: Buffer[] = [];
  for (let i = 0; i < data.length; i += 0xffff) {
    const block = data.subarray(i, i + 0xffff);
    const header = Buffer.alloc(5);
    header.writeUInt16LE(block.length, 1);
    header.writeUInt16LE(~block.length & 0xffff, 3);
    out.push(header, block);
  }
  return out;
}

/** The body with `holes` filled in (as many as the template has), gzipped or not. */
export function fillTemplate(template: Template, holes: readonly string[], gzip: boolean): Buffer {
  if (holes.length !== template.parts.length - 1) throw new Error(`expected ${template.parts.length - 1} holes, got ${holes.length}`);
  const filled = holes.map((h) => Buffer.from(h, 'utf8'));
  if (!gzip) {
    const all: Buffer[] = [template.parts[0]!];
    filled.forEach((h, i) => all.push(h, template.parts[i + 1]!));
    return Buffer.concat(all);
  }
  const out: Buffer[] = [GZIP_HEADER, template.deflated[0]!];
  let crc = zlib.crc32(template.parts[0]!);
  let length = template.parts[0]!.length;
  filled.forEach((h, i) => {
    if (h.length >= COMPRESS_FROM)
      out.push(zlib.deflateRawSync(h, { level: zlib.constants.Z_BEST_SPEED, finishFlush: zlib.constants.Z_FULL_FLUSH }));
    else out.push(...stored(h));
    out.push(template.deflated[i + 1]!);
    crc = zlib.crc32(template.parts[i + 1]!, zlib.crc32(h, crc));
    length += h.length + template.parts[i + 1]!.length;
  });
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(length % 2 ** 32, 4);
  out.push(trailer);
  return Buffer.concat(out);
}
