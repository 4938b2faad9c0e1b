/**
 * Generates the demo files: PDF notes (pdfkit), spreadsheets (exceljs), CSV and JPEG photos
 * (sharp, from an SVG scene). Everything is deterministic given the same inputs and generator.
 */
import ExcelJS from 'exceljs';
import PDFDocument from 'pdfkit';
import sharp from 'sharp';
import type { Random } from './random';

export type Cell = string | number;
/** `decimals[i]` fixes the decimals of column i; otherwise integers get none and others one. */
export type DocTable = {
  caption?: string;
  headers: string[];
  rows: Cell[][];
  decimals?: (number | undefined)[];
  /** Source line under the table in PDFs; null for none. */
  source?: string | null;
};
export type DocChart = { title: string; labels: string[]; values: number[]; decimals?: number };
export type DocSection = { heading?: string; paragraphs: string[]; bullets?: string[] };

export type DocSpec = {
  institute: string;
  acronym: string;
  country: string;
  /** Small line above the title (the area's name). */
  kicker: string;
  title: string;
  period?: string | null;
  /** French date shown on the cover, e.g. « 15 septembre 2026 ». */
  dateLabel: string;
  date: Date;
  sections: DocSection[];
  table?: DocTable;
  chart?: DocChart;
  /** Adds a « Diffusion restreinte » mention. */
  restricted?: boolean;
  /** Main colour of the cover, `#rrggbb`. */
  accent?: string;
};

/** French number formatting with a non-breaking space between thousands (WinAnsi-safe for PDFs). */
const numberFormats = new Map<number, Intl.NumberFormat>();
export function formatNumber(value: number, decimals = 1): string {
  let format = numberFormats.get(decimals);
  if (!format) {
    format = new Intl.NumberFormat('fr-FR', { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
    numberFormats.set(decimals, format);
  }
  return format.format(value).replace(/[\u202f\u2009]/g, '\u00a0');
}

/** A table cell as French text. */
export const formatCell = (c: Cell, decimals?: number) =>
  typeof c === 'number' ? formatNumber(c, decimals ?? (Number.isInteger(c) ? 0 : 1)) : c;

// ─── PDF ───────────────────────────────────────────────────────────────────────────────────

/** The standard PDF fonts only know WinAnsi: replace the few characters outside it that we use. */
const pdfSafe = (text: string) =>
  text
    .replace(/[\u2212\u2011]/g, '-')
    .replace(/[\u202f\u2009]/g, '\u00a0')
    .replace(
      /[^\x00-\xff\u0152\u0153\u0160\u0161\u0178\u017d\u017e\u0192\u02c6\u02dc\u2013\u2014\u2018-\u201a\u201c-\u201e\u2020-\u2022\u2026\u2030\u2039\u203a\u20ac\u2122]/g,
      '?',
    );

function sanitizeSpec(spec: DocSpec): DocSpec {
  const t = pdfSafe;
  return {
    ...spec,
    kicker: t(spec.kicker),
    title: t(spec.title),
    period: spec.period ? t(spec.period) : spec.period,
    sections: spec.sections.map((s) => ({
      heading: s.heading && t(s.heading),
      paragraphs: s.paragraphs.map(t),
      bullets: s.bullets?.map(t),
    })),
    table: spec.table && {
      ...spec.table,
      caption: spec.table.caption && t(spec.table.caption),
      source: spec.table.source && t(spec.table.source),
      headers: spec.table.headers.map(t),
      rows: spec.table.rows.map((r) => r.map((c) => (typeof c === 'string' ? t(c) : c))),
    },
    chart: spec.chart && { ...spec.chart, title: t(spec.chart.title), labels: spec.chart.labels.map(t) },
  };
}

const PAGE = { width: 595.28, height: 841.89, margin: 56 };

export async function generatePdf(input: DocSpec): Promise<Buffer> {
  const spec = sanitizeSpec(input);
  const accent = spec.accent ?? '#0b5d7a';
  const doc = new PDFDocument({
    size: 'A4',
    margin: PAGE.margin,
    bufferPages: true,
    info: {
      Title: spec.title,
      Author: spec.institute,
      Subject: spec.period ? `${spec.kicker} – ${spec.period}` : spec.kicker,
      Creator: spec.acronym,
      Producer: spec.acronym,
      CreationDate: spec.date,
      ModDate: spec.date,
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const contentWidth = PAGE.width - 2 * PAGE.margin;

  // Cover page.
  doc.rect(0, 0, PAGE.width, 150).fill(accent);
  doc.fillColor('#ffffff').font('Helvetica-Bold').fontSize(13).text(spec.institute, PAGE.margin, 52, { width: contentWidth });
  doc
    .font('Helvetica')
    .fontSize(10)
    .text(spec.country, PAGE.margin, doc.y + 4, { width: contentWidth });
  doc.rect(PAGE.margin, 200, 6, 150).fill(accent);
  doc
    .fillColor('#555555')
    .font('Helvetica')
    .fontSize(11)
    .text(spec.kicker.toUpperCase(), PAGE.margin + 20, 200, {
      width: contentWidth - 20,
      characterSpacing: 0.5,
    });
  doc
    .fillColor('#111111')
    .font('Helvetica-Bold')
    .fontSize(24)
    .text(spec.title, PAGE.margin + 20, doc.y + 10, {
      width: contentWidth - 20,
      lineGap: 2,
    });
  if (spec.period) {
    doc
      .fillColor(accent)
      .font('Helvetica')
      .fontSize(15)
      .text(spec.period, PAGE.margin + 20, doc.y + 12, { width: contentWidth - 20 });
  }
  doc
    .fillColor('#555555')
    .font('Helvetica')
    .fontSize(10)
    .text(`Publié le ${spec.dateLabel}`, PAGE.margin + 20, doc.y + 16, { width: contentWidth - 20 });
  if (spec.restricted) {
    doc
      .roundedRect(PAGE.margin + 20, doc.y + 20, 170, 26, 4)
      .lineWidth(1.5)
      .stroke('#b3261e');
    doc
      .fillColor('#b3261e')
      .font('Helvetica-Bold')
      .fontSize(11)
      .text('DIFFUSION RESTREINTE', PAGE.margin + 32, doc.y + 28);
  }
  // Decorative bars on the cover (deterministic from the title).
  let h = 0;
  for (const ch of spec.title) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  for (let i = 0; i < 12; i++) {
    const barH = 30 + ((h >>> (i % 24)) % 90) + i * 6;
    doc
      .rect(PAGE.margin + 20 + i * 36, 700 - barH, 24, barH)
      .fillOpacity(0.15 + i * 0.05)
      .fill(accent);
  }
  doc.fillOpacity(1);
  doc
    .fillColor('#777777')
    .font('Helvetica')
    .fontSize(8)
    .text(`${spec.acronym} – Reproduction autorisée avec mention de la source.`, PAGE.margin, PAGE.height - PAGE.margin - 10, {
      width: contentWidth,
      align: 'center',
      lineBreak: false,
    });

  // Body.
  doc.addPage();
  for (const section of spec.sections) {
    if (section.heading) {
      ensureSpace(doc, 60);
      doc
        .moveDown(0.6)
        .fillColor(accent)
        .font('Helvetica-Bold')
        .fontSize(14)
        .text(section.heading, PAGE.margin, doc.y, { width: contentWidth });
      doc.moveDown(0.3);
    }
    for (const paragraph of section.paragraphs) {
      doc.fillColor('#222222').font('Helvetica').fontSize(10.5).text(paragraph, PAGE.margin, doc.y, {
        width: contentWidth,
        align: 'justify',
        lineGap: 2.5,
      });
      doc.moveDown(0.7);
    }
    for (const bullet of section.bullets ?? []) {
      doc
        .fillColor('#222222')
        .font('Helvetica')
        .fontSize(10.5)
        .text(`\u2022  ${bullet}`, PAGE.margin + 12, doc.y, { width: contentWidth - 12, lineGap: 2 });
      doc.moveDown(0.3);
    }
    if (section.bullets?.length) doc.moveDown(0.4);
  }
  if (spec.table) drawTable(doc, spec.table, accent, contentWidth);
  if (spec.chart) drawChart(doc, spec.chart, accent, contentWidth);

  // Footer with page numbers on every page but the cover.
  const range = doc.bufferedPageRange();
  for (let i = 1; i < range.count; i++) {
    doc.switchToPage(range.start + i);
    // The footer sits in the bottom margin: without this, pdfkit would start a new page.
    doc.page.margins.bottom = 0;
    doc
      .fillColor('#777777')
      .font('Helvetica')
      .fontSize(8)
      .text(`${spec.acronym} – ${spec.title}   |   page ${i + 1} / ${range.count}`, PAGE.margin, PAGE.height - PAGE.margin + 16, {
        width: contentWidth,
        align: 'center',
        lineBreak: false,
        height: 10,
      });
  }
  doc.end();
  return done;
}

function ensureSpace(doc: PDFKit.PDFDocument, needed: number) {
  if (doc.y + needed > PAGE.height - PAGE.margin) doc.addPage();
}

function drawTable(doc: PDFKit.PDFDocument, table: DocTable, accent: string, width: number) {
  const rowH = 18;
  ensureSpace(doc, 40 + rowH * Math.min(table.rows.length + 1, 10));
  doc.moveDown(0.5);
  if (table.caption) {
    doc.fillColor('#111111').font('Helvetica-Bold').fontSize(11).text(table.caption, PAGE.margin, doc.y, { width });
    doc.moveDown(0.4);
  }
  const n = table.headers.length;
  const first = n > 1 ? Math.min(width * 0.5, width - (n - 1) * 62) : width;
  const other = n > 1 ? (width - first) / (n - 1) : 0;
  const colX = (i: number) => PAGE.margin + (i === 0 ? 0 : first + (i - 1) * other);
  const colW = (i: number) => (i === 0 ? first : other);

  const numeric = table.headers.map((_, i) => table.rows.some((r) => typeof r[i] === 'number'));
  const drawRow = (cells: string[], y: number, header: boolean, shade: boolean) => {
    const height = header ? rowH + 10 : rowH;
    if (header) doc.rect(PAGE.margin, y, width, height).fill(accent);
    else if (shade) doc.rect(PAGE.margin, y, width, height).fill('#eef3f6');
    doc
      .font(header ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(header ? 8.5 : 9)
      .fillColor(header ? '#ffffff' : '#222222');
    cells.forEach((c, i) => {
      doc.text(c, colX(i) + 4, y + 5, {
        width: colW(i) - 8,
        align: numeric[i] ? 'right' : 'left',
        lineBreak: header,
        height: height - 4,
        ellipsis: true,
      });
    });
    return height;
  };
  let y = doc.y;
  y += drawRow(table.headers, y, true, false);
  table.rows.forEach((row, r) => {
    if (y + rowH > PAGE.height - PAGE.margin) {
      doc.addPage();
      y = doc.y;
      y += drawRow(table.headers, y, true, false);
    }
    y += drawRow(
      row.map((c, i) => formatCell(c, table.decimals?.[i])),
      y,
      false,
      r % 2 === 1,
    );
  });
  doc
    .moveTo(PAGE.margin, y)
    .lineTo(PAGE.margin + width, y)
    .lineWidth(0.8)
    .stroke(accent);
  doc.x = PAGE.margin;
  doc.y = y + 8;
  const source = table.source === undefined ? 'Source : INSS.' : table.source;
  if (source) doc.fillColor('#666666').font('Helvetica-Oblique').fontSize(8).text(source, PAGE.margin, doc.y, { width });
  doc.moveDown(1);
}

function drawChart(doc: PDFKit.PDFDocument, chart: DocChart, accent: string, width: number) {
  const height = 160;
  ensureSpace(doc, height + 50);
  doc.fillColor('#111111').font('Helvetica-Bold').fontSize(11).text(chart.title, PAGE.margin, doc.y, { width });
  const top = doc.y + 10;
  const base = top + height;
  const max = Math.max(...chart.values);
  const min = Math.min(...chart.values);
  const floor = min > 0 ? Math.max(0, min - (max - min) * 0.6 - 1) : min;
  const span = max - floor || 1;
  const slot = width / chart.values.length;
  doc
    .moveTo(PAGE.margin, base)
    .lineTo(PAGE.margin + width, base)
    .lineWidth(0.8)
    .stroke('#999999');
  chart.values.forEach((v, i) => {
    const barH = Math.max(2, ((v - floor) / span) * (height - 20));
    const x = PAGE.margin + i * slot + slot * 0.18;
    doc.rect(x, base - barH, slot * 0.64, barH).fill(i === chart.values.length - 1 ? '#d9822b' : accent);
    doc
      .fillColor('#333333')
      .font('Helvetica')
      .fontSize(6.5)
      .text(formatNumber(v, chart.decimals ?? 1), x - 6, base - barH - 10, {
        width: slot * 0.64 + 12,
        align: 'center',
        lineBreak: false,
      });
    doc
      .fillColor('#555555')
      .fontSize(6.5)
      .text(chart.labels[i] ?? '', PAGE.margin + i * slot, base + 4, {
        width: slot,
        align: 'center',
        lineBreak: false,
      });
  });
  doc.x = PAGE.margin;
  doc.y = base + 24;
}

// ─── Spreadsheets ──────────────────────────────────────────────────────────────────────────

export type SheetSpec = { name: string; title?: string; headers: string[]; rows: Cell[][]; decimals?: (number | undefined)[] };

export async function generateXlsx(sheets: SheetSpec[], meta: { creator: string; title: string; date: Date }): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = meta.creator;
  workbook.lastModifiedBy = meta.creator;
  workbook.title = meta.title;
  workbook.created = meta.date;
  workbook.modified = meta.date;
  for (const spec of sheets) {
    const sheet = workbook.addWorksheet(spec.name.slice(0, 31).replace(/[\\/?*[\]:]/g, '-'), {
      views: [{ state: 'frozen', ySplit: spec.title ? 2 : 1 }],
    });
    if (spec.title) {
      sheet.addRow([spec.title]).font = { bold: true, size: 12 };
    }
    const header = sheet.addRow(spec.headers);
    header.font = { bold: true, color: { argb: 'FFFFFFFF' } };
    header.eachCell((cell) => {
      cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FF0B5D7A' } };
      cell.alignment = { vertical: 'middle', wrapText: true };
    });
    for (const row of spec.rows) {
      const added = sheet.addRow(row);
      added.eachCell((cell, column) => {
        if (typeof cell.value !== 'number') return;
        const d = spec.decimals?.[column - 1] ?? (Number.isInteger(cell.value) ? 0 : 1);
        cell.numFmt = d === 0 ? '#,##0' : `#,##0.${'0'.repeat(d)}`;
      });
    }
    sheet.columns.forEach((column, i) => {
      const longest = Math.max((spec.headers[i] ?? '').length, ...spec.rows.slice(0, 50).map((r) => String(r[i] ?? '').length));
      column.width = Math.min(48, Math.max(10, longest + 2));
    });
  }
  const data = await workbook.xlsx.writeBuffer();
  return Buffer.from(data as ArrayBuffer);
}

/** UTF-8 with BOM, `;` separator, decimal commas, CRLF: what French spreadsheet software expects. */
export function generateCsv(headers: string[], rows: Cell[][], decimals?: (number | undefined)[]): Buffer {
  const quote = (text: string) => (/[";\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);
  const cell = (c: Cell, i: number) =>
    typeof c === 'number' ? c.toFixed(decimals?.[i] ?? (Number.isInteger(c) ? 0 : 1)).replace('.', ',') : quote(c);
  const lines = [headers.map(quote).join(';'), ...rows.map((r) => r.map(cell).join(';'))];
  return Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(`${lines.join('\r\n')}\r\n`, 'utf8')]);
}

// ─── Images ────────────────────────────────────────────────────────────────────────────────

export type SceneKind = 'landscape' | 'city' | 'meeting' | 'fieldwork' | 'portrait';

const palettes: { sky: [string, string]; ground: string[]; accents: string[] }[] = [
  { sky: ['#f6c177', '#eb6f92'], ground: ['#c9743a', '#a0522d', '#7a3b1d'], accents: ['#2e7d32', '#1565c0', '#fbc02d'] },
  { sky: ['#8ecae6', '#219ebc'], ground: ['#e9c46a', '#d4a24c', '#b5832e'], accents: ['#264653', '#e76f51', '#2a9d8f'] },
  { sky: ['#ffd6a5', '#ffadad'], ground: ['#cb997e', '#a5765b', '#6b4f3a'], accents: ['#3d5a80', '#ee6c4d', '#98c1d9'] },
  { sky: ['#caf0f8', '#48cae4'], ground: ['#95d5b2', '#52b788', '#2d6a4f'], accents: ['#e63946', '#f4a261', '#1d3557'] },
  { sky: ['#fde2e4', '#cdb4db'], ground: ['#dda15e', '#bc6c25', '#8c4f16'], accents: ['#606c38', '#283618', '#023e8a'] },
  { sky: ['#fefae0', '#e9edc9'], ground: ['#ccd5ae', '#a3b18a', '#588157'], accents: ['#bc4749', '#386641', '#f2e8cf'] },
  { sky: ['#ffe5b4', '#ff9f1c'], ground: ['#e07a5f', '#b85c38', '#81352a'], accents: ['#3d405b', '#81b29a', '#f2cc8f'] },
  { sky: ['#e0fbfc', '#98c1d9'], ground: ['#f4d35e', '#ee964b', '#c06014'], accents: ['#0d3b66', '#f95738', '#faf0ca'] },
];

function hills(rnd: Random, width: number, height: number, colours: string[], baseline: number): string {
  return colours
    .map((colour, layer) => {
      const y0 = baseline + layer * ((height - baseline) / (colours.length + 1));
      const amp = 20 + rnd.next() * 45;
      const points: string[] = [`M0 ${height}`, `L0 ${y0.toFixed(0)}`];
      const steps = 4 + rnd.int(0, 2);
      for (let i = 1; i <= steps; i++) {
        const x = (width * i) / steps;
        const cx = x - width / steps / 2;
        const cy = y0 + (rnd.next() - 0.5) * 2 * amp;
        points.push(`Q${cx.toFixed(0)} ${cy.toFixed(0)} ${x.toFixed(0)} ${(y0 + (rnd.next() - 0.5) * amp).toFixed(0)}`);
      }
      points.push(`L${width} ${height} Z`);
      return `<path d="${points.join(' ')}" fill="${colour}"/>`;
    })
    .join('');
}

function tree(x: number, y: number, s: number, colour: string): string {
  return (
    `<rect x="${(x - 3 * s).toFixed(0)}" y="${(y - 40 * s).toFixed(0)}" width="${(6 * s).toFixed(0)}" height="${(40 * s).toFixed(0)}" fill="#4a3426"/>` +
    `<ellipse cx="${x.toFixed(0)}" cy="${(y - 44 * s).toFixed(0)}" rx="${(48 * s).toFixed(0)}" ry="${(14 * s).toFixed(0)}" fill="${colour}"/>`
  );
}

function person(x: number, y: number, s: number, colour: string, skin: string): string {
  return (
    `<rect x="${(x - 22 * s).toFixed(0)}" y="${(y - 60 * s).toFixed(0)}" width="${(44 * s).toFixed(0)}" height="${(64 * s).toFixed(0)}" rx="${(16 * s).toFixed(0)}" fill="${colour}"/>` +
    `<circle cx="${x.toFixed(0)}" cy="${(y - 78 * s).toFixed(0)}" r="${(17 * s).toFixed(0)}" fill="${skin}"/>`
  );
}

const skins = ['#8d5524', '#6b3e1f', '#a0673a', '#5a341a', '#c68642'];

/** An SVG scene (no text, so no font is needed) in the given style, coloured from the generator. */
export function buildSceneSvg(kind: SceneKind, rnd: Random, width = 1200, height = 800): string {
  const p = rnd.pick(palettes);
  const defs =
    `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${p.sky[0]}"/><stop offset="1" stop-color="${p.sky[1]}"/></linearGradient>` +
    `<radialGradient id="glow" cx="0.5" cy="0.5" r="0.5"><stop offset="0" stop-color="#ffffff" stop-opacity="0.9"/><stop offset="1" stop-color="#ffffff" stop-opacity="0"/></radialGradient></defs>`;
  let body = `<rect width="${width}" height="${height}" fill="url(#sky)"/>`;
  if (kind === 'landscape' || kind === 'fieldwork') {
    const sx = rnd.range(0.15, 0.85) * width;
    const sy = rnd.range(0.12, 0.35) * height;
    body += `<circle cx="${sx.toFixed(0)}" cy="${sy.toFixed(0)}" r="160" fill="url(#glow)"/><circle cx="${sx.toFixed(0)}" cy="${sy.toFixed(0)}" r="${rnd.int(45, 70)}" fill="#fff3c4"/>`;
    body += hills(rnd, width, height, p.ground, height * rnd.range(0.5, 0.62));
    const trees = rnd.int(2, 5);
    for (let i = 0; i < trees; i++)
      body += tree(
        rnd.range(0.05, 0.95) * width,
        height * rnd.range(0.72, 0.92),
        rnd.range(1, 2.4),
        rnd.pick(['#3a5a40', '#588157', '#344e41']),
      );
    if (kind === 'fieldwork') {
      // Enumerators in front of a house, with a tablet.
      const hx = rnd.range(0.15, 0.45) * width;
      const hy = height * 0.78;
      body += `<rect x="${hx.toFixed(0)}" y="${(hy - 170).toFixed(0)}" width="260" height="170" fill="#c2956b"/><path d="M${(hx - 20).toFixed(0)} ${(hy - 170).toFixed(0)} L${(hx + 130).toFixed(0)} ${(hy - 250).toFixed(0)} L${(hx + 280).toFixed(0)} ${(hy - 170).toFixed(0)} Z" fill="#8a5a3b"/><rect x="${(hx + 105).toFixed(0)}" y="${(hy - 95).toFixed(0)}" width="50" height="95" fill="#4a3426"/>`;
      for (let i = 0; i < 3; i++) body += person(width * (0.55 + i * 0.12), height * 0.93, 2.1, rnd.pick(p.accents), rnd.pick(skins));
      body += `<rect x="${(width * 0.55 + 28).toFixed(0)}" y="${(height * 0.93 - 120).toFixed(0)}" width="40" height="56" rx="5" fill="#222"/>`;
    }
  } else if (kind === 'city') {
    body += hills(rnd, width, height, [p.ground[0] ?? '#ccc'], height * 0.7);
    let x = -20;
    while (x < width) {
      const w = rnd.int(70, 150);
      const h = rnd.int(120, 420);
      const colour = rnd.pick([...p.ground, ...p.accents]);
      body += `<rect x="${x}" y="${height * 0.82 - h}" width="${w}" height="${h}" fill="${colour}"/>`;
      for (let wy = height * 0.82 - h + 20; wy < height * 0.82 - 30; wy += 42) {
        for (let wx = x + 12; wx < x + w - 20; wx += 30)
          body += `<rect x="${wx.toFixed(0)}" y="${wy.toFixed(0)}" width="14" height="20" fill="#fdf6e3" fill-opacity="0.7"/>`;
      }
      x += w + rnd.int(4, 20);
    }
    body += `<rect x="0" y="${height * 0.82}" width="${width}" height="${height * 0.18}" fill="${p.ground[2] ?? '#555'}"/>`;
  } else if (kind === 'meeting') {
    body = `<rect width="${width}" height="${height}" fill="${p.sky[0]}"/><rect y="${height * 0.62}" width="${width}" height="${height * 0.38}" fill="${p.ground[1] ?? '#a0522d'}"/>`;
    // Screen with a bar chart.
    const sx = width * rnd.range(0.3, 0.45);
    body += `<rect x="${sx.toFixed(0)}" y="60" width="460" height="270" fill="#fafafa" stroke="#333" stroke-width="6"/>`;
    for (let i = 0; i < 7; i++) {
      const bh = rnd.int(40, 200);
      body += `<rect x="${(sx + 30 + i * 60).toFixed(0)}" y="${300 - bh}" width="40" height="${bh}" fill="${p.accents[i % p.accents.length]}"/>`;
    }
    body += `<path d="M${width * 0.12} ${height * 0.72} L${width * 0.88} ${height * 0.72} L${width * 0.97} ${height} L${width * 0.03} ${height} Z" fill="#6d4c41"/>`;
    const people = rnd.int(5, 8);
    for (let i = 0; i < people; i++) {
      body += person(
        width * (0.1 + (0.8 * (i + 0.5)) / people),
        height * 0.74,
        1.6,
        rnd.pick([...p.accents, '#fafafa', '#37474f']),
        rnd.pick(skins),
      );
    }
  } else {
    body = `<rect width="${width}" height="${height}" fill="url(#sky)"/><circle cx="${width / 2}" cy="${height * 0.38}" r="${width * 0.5}" fill="url(#glow)" opacity="0.5"/>`;
    const skin = rnd.pick(skins);
    body += `<path d="M${width * 0.12} ${height} Q${width * 0.15} ${height * 0.62} ${width / 2} ${height * 0.6} Q${width * 0.85} ${height * 0.62} ${width * 0.88} ${height} Z" fill="${rnd.pick(['#1d3557', '#283618', '#3d405b'])}"/>`;
    body += `<path d="M${width * 0.42} ${height * 0.61} L${width / 2} ${height * 0.78} L${width * 0.58} ${height * 0.61} Z" fill="#fafafa"/>`;
    body += `<rect x="${width * 0.44}" y="${height * 0.48}" width="${width * 0.12}" height="${height * 0.14}" fill="${skin}"/>`;
    body += `<ellipse cx="${width / 2}" cy="${height * 0.36}" rx="${width * 0.15}" ry="${height * 0.15}" fill="${skin}"/>`;
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${defs}${body}</svg>`;
}

export async function generateJpeg(svg: string): Promise<{ buffer: Buffer; width: number; height: number }> {
  const { data, info } = await sharp(Buffer.from(svg)).jpeg({ quality: 75 }).toBuffer({ resolveWithObject: true });
  return { buffer: data, width: info.width, height: info.height };
}
