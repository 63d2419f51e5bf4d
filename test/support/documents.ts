// Reading exported documents back in tests: CSV through fast-csv's parser, PDF through pdf-parse.
import { parseString } from 'fast-csv';
import { PDFParse } from 'pdf-parse';

export function parseCsv(text: string): Promise<Record<string, string>[]> {
  return new Promise((resolve, reject) => {
    const rows: Record<string, string>[] = [];
    parseString(text, { headers: true })
      .on('error', reject)
      .on('data', (row: Record<string, string>) => rows.push(row))
      .on('end', () => resolve(rows));
  });
}

export async function readPdf(data: Buffer): Promise<{ pages: number; text: string }> {
  const parser = new PDFParse({ data });
  try {
    const result = await parser.getText();
    return { pages: result.total, text: result.text };
  } finally {
    await parser.destroy();
  }
}
