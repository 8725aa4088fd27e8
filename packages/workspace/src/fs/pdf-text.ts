/**
 * The text of a PDF, one `— Page N —` marker line (the same marker as
 * web_scrape in @kodama/tools) before each page's
 * text (pages without text contribute only their marker; there is no OCR).
 * Uses unpdf (pdf.js), loaded on first use.
 */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  const { extractText, getDocumentProxy } = await import('unpdf');
  const document = await getDocumentProxy(bytes);
  try {
    const { text } = await extractText(document, { mergePages: false });
    return text.map((page, i) => `— Page ${i + 1} —\n${page.trim()}`).join('\n');
  } finally {
    await document.destroy();
  }
}
