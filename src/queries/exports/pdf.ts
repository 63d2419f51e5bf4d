// PDF exports with pdf-lib: a title, the filters, a table that continues across pages with its
// header repeated, and "page i of n" on every page. Texts are cut to their column and to the
// characters the standard font can encode.
// Layout is linear in the text: a cell is measured character by character from a width table and
// the walk stops at the first character past the cell, so an 8,000-character cell costs the few
// dozen characters that fit, not 8,000 re-measurements of the whole string. Long tables yield to the
// event loop every few milliseconds, so one export never holds the process for other requests.
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { yieldToEventLoop } from '../../lib/event-loop.js';

export interface PdfColumn {
  header: string;
  /** Share of the table width. */
  width: number;
}

export interface PdfTable {
  title: string;
  /** Lines under the title (filters, generation time). */
  subtitle: string[];
  columns: readonly PdfColumn[];
  rows: AsyncIterable<string[]> | Iterable<string[]>;
}

const PAGE = { width: 842, height: 595 }; // A4 landscape
const MARGIN = 36;
const ROW = 14;
const SIZE = 8;

/** WinAnsi is all the standard fonts encode; anything else becomes '?'. */
const printable = (text: string) => text.replace(/[^\x20-\x7e\u00a0-\u00ff]/g, '?');

const ENCODABLE = Array.from({ length: 0x7f - 0x20 }, (_, i) => String.fromCharCode(0x20 + i)).concat(
  Array.from({ length: 0x100 - 0xa0 }, (_, i) => String.fromCharCode(0xa0 + i)),
);
const widthTables = new WeakMap<PDFFont, Map<string, number>>();

/**
 * Each encodable character's width at SIZE, measured once per font. A text's drawn width is the sum
 * (the text operator applies no kerning), and summing is linear where pdf-lib's own measurement
 * costs far more per call.
 */
function widthTable(font: PDFFont): Map<string, number> {
  let table = widthTables.get(font);
  if (!table) {
    table = new Map(ENCODABLE.map((c) => [c, font.widthOfTextAtSize(c, SIZE)]));
    widthTables.set(font, table);
  }
  return table;
}

/** `text` as drawn in a cell `width` wide: whole when it fits, else its longest prefix that fits with "...". */
export function fit(font: PDFFont, text: string, width: number): string {
  const widths = widthTable(font);
  const of = (c: string) => widths.get(c) ?? 0;
  const room = width - 3 * of('.');
  // One pass over at most the characters that could fit: the rest of a long text is never looked at.
  let used = 0;
  let fitsWithEllipsis = 0;
  for (let i = 0; i < text.length; i++) {
    used += of(printable(text[i]!));
    if (used > width) return `${printable(text.slice(0, Math.max(1, fitsWithEllipsis)))}...`;
    if (used <= room) fitsWithEllipsis = i + 1;
  }
  return printable(text);
}

/**
 * A PDF literal string of WinAnsi text. Every character is one byte (printable() keeps to the
 * characters WinAnsi shares with Latin-1, and the content stream is written as Latin-1); only the
 * delimiters and the escape character need a backslash.
 */
const pdfString = (text: string) => `(${text.replace(/[\\()]/g, (c) => `\\${c}`)})`;

/** Time one stretch of layout may run before it yields to other requests. */
const SLICE_MS = 5;

export async function renderPdfTable(table: PdfTable): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(table.title);
  doc.setProducer('Sprintguard');
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const usable = PAGE.width - 2 * MARGIN;
  const total = table.columns.reduce((sum, c) => sum + c.width, 0);
  const widths = table.columns.map((c) => (c.width / total) * usable);

  let page!: PDFPage;
  let y = 0;
  // Table rows are written as text operators into one content stream per page, built as a string:
  // pdf-lib's drawText makes some ten objects per call (and a new font entry when given a font),
  // which for 50,000 cells meant seconds of work and long garbage-collection pauses.
  let ops: string[] = [];
  let fontKeys = new Map<PDFFont, string>();
  const flushPage = () => {
    if (ops.length === 0) return;
    page.node.addContentStream(doc.context.register(doc.context.flateStream(Buffer.from(ops.join('\n'), 'latin1'))));
    ops = [];
  };
  const drawRow = (cells: string[], f: PDFFont) => {
    let key = fontKeys.get(f);
    if (key === undefined) {
      key = page.node.newFontDictionary(f.name, f.ref).toString();
      fontKeys.set(f, key);
    }
    let x = MARGIN;
    const parts = [`BT ${key} ${SIZE} Tf`];
    cells.forEach((cell, i) => {
      parts.push(`1 0 0 1 ${x.toFixed(2)} ${y.toFixed(2)} Tm ${pdfString(fit(f, cell, widths[i]! - 4))} Tj`);
      x += widths[i]!;
    });
    parts.push('ET');
    ops.push(parts.join(' '));
    y -= ROW;
  };
  const newPage = (first: boolean) => {
    flushPage();
    page = doc.addPage([PAGE.width, PAGE.height]);
    fontKeys = new Map();
    y = PAGE.height - MARGIN;
    if (first) {
      page.drawText(printable(table.title), { x: MARGIN, y, size: 16, font: bold });
      y -= 22;
      for (const line of table.subtitle) {
        page.drawText(printable(line), { x: MARGIN, y, size: 9, font, color: rgb(0.3, 0.3, 0.3) });
        y -= 12;
      }
      y -= 8;
    }
    drawRow(table.columns.map((c) => c.header), bold);
    page.drawLine({ start: { x: MARGIN, y: y + ROW - 3 }, end: { x: PAGE.width - MARGIN, y: y + ROW - 3 }, thickness: 0.5 });
  };

  newPage(true);
  let count = 0;
  let sliceStart = performance.now();
  for await (const cells of table.rows) {
    if (y < MARGIN + ROW) newPage(false);
    drawRow(cells, font);
    count++;
    if (performance.now() - sliceStart > SLICE_MS) {
      await yieldToEventLoop();
      sliceStart = performance.now();
    }
  }
  if (count === 0) drawRow(['No rows match these filters.'], font);
  flushPage();

  const pages = doc.getPages();
  pages.forEach((p, i) => {
    const label = `Page ${i + 1} of ${pages.length}`;
    p.drawText(label, { x: PAGE.width - MARGIN - font.widthOfTextAtSize(label, SIZE), y: MARGIN / 2, size: SIZE, font });
  });
  // pdf-lib yields after every `objectsPerTick` objects it writes (each page's content stream is one
  // object); without object streams it has no step that packs many objects at once.
  return doc.save({ objectsPerTick: 5, useObjectStreams: false });
}
