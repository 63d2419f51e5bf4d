// PDF exports with pdf-lib: a title, the filters, a table that continues across pages with its
// header repeated, and "page i of n" on every page. Texts are cut to their column and to the
// characters the standard font can encode.
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';

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

function fit(font: PDFFont, text: string, width: number): string {
  let t = printable(text);
  if (font.widthOfTextAtSize(t, SIZE) <= width) return t;
  while (t.length > 1 && font.widthOfTextAtSize(`${t}...`, SIZE) > width) t = t.slice(0, -1);
  return `${t}...`;
}

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
  const drawRow = (cells: string[], f: PDFFont) => {
    let x = MARGIN;
    cells.forEach((cell, i) => {
      page.drawText(fit(f, cell, widths[i]! - 4), { x, y, size: SIZE, font: f });
      x += widths[i]!;
    });
    y -= ROW;
  };
  const newPage = (first: boolean) => {
    page = doc.addPage([PAGE.width, PAGE.height]);
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
  for await (const cells of table.rows) {
    if (y < MARGIN + ROW) newPage(false);
    drawRow(cells, font);
    count++;
  }
  if (count === 0) drawRow(['No rows match these filters.'], font);

  const pages = doc.getPages();
  pages.forEach((p, i) => {
    const label = `Page ${i + 1} of ${pages.length}`;
    p.drawText(label, { x: PAGE.width - MARGIN - font.widthOfTextAtSize(label, SIZE), y: MARGIN / 2, size: SIZE, font });
  });
  return doc.save();
}
