// Text extraction, in a child process of the server (lib/search/extractor.ts): a document that
// makes a parser hang or eat memory is killed with this process, never the server's. Plain
// JavaScript run by Node as is (no bundler). Receives { id, mime, data, maxPages, maxChars } over
// IPC, answers { id, ok: true, text, pages } or { id, ok: false, error }.
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import ExcelJS from 'exceljs';

async function pdfText(data, maxPages, maxChars) {
  const doc = await getDocument({ data, isEvalSupported: false, disableFontFace: true, useSystemFonts: false, verbosity: 0 }).promise;
  try {
    const pages = doc.numPages;
    let text = '';
    for (let i = 1; i <= Math.min(pages, maxPages) && text.length < maxChars; i++) {
      const page = await doc.getPage(i);
      const content = await page.getTextContent();
      text += content.items.map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : ' ') : '')).join('') + '\n';
      page.cleanup();
    }
    return { text, pages };
  } finally {
    await doc.destroy();
  }
}

async function xlsxText(data, maxChars) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(data);
  let text = '';
  for (const sheet of workbook.worksheets) {
    text += sheet.name + '\n';
    sheet.eachRow((row) => {
      if (text.length > maxChars) return;
      const cells = [];
      row.eachCell((cell) => cells.push(cell.text));
      text += cells.join(' ') + '\n';
    });
  }
  return { text, pages: workbook.worksheets.length };
}

function csvText(data) {
  const bytes = Buffer.from(data);
  let text;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    text = bytes.toString('latin1');
  }
  return { text: text.replace(/[;,\t|"]/g, ' '), pages: null };
}

process.on('message', async (job) => {
  try {
    const maxChars = job.maxChars;
    const result =
      job.mime === 'application/pdf'
        ? await pdfText(job.data, job.maxPages, maxChars)
        : job.mime === 'text/csv'
          ? csvText(job.data)
          : await xlsxText(job.data, maxChars);
    const text = result.text.replace(/\s+/g, ' ').trim().slice(0, maxChars);
    process.send({ id: job.id, ok: true, text, pages: result.pages });
  } catch (error) {
    process.send({ id: job.id, ok: false, error: error instanceof Error ? error.message : String(error) });
  }
});
