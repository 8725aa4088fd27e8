/**
 * Extracts a PDF's text with `unpdf` (pdf.js), one `— Page N —` marker line
 * before each page that has text. Pages without text emit nothing, so a
 * scanned PDF yields `''` (there is no OCR). `unpdf` is loaded on first use:
 * pdf.js is large and most sessions never see a PDF.
 *
 * @throws Error when the bytes are not a readable PDF.
 */
export async function pdfToText(bytes: Uint8Array): Promise<string> {
  const { extractText, getDocumentProxy } = await import('unpdf');
  // pdf.js takes ownership of (detaches) the buffer it is given: pass a copy.
  const document = await getDocumentProxy(new Uint8Array(bytes));
  try {
    const { text } = await extractText(document, { mergePages: false });
    return text
      .map((pageText, index) => ({ pageText: pageText.trim(), page: index + 1 }))
      .filter(({ pageText }) => pageText !== '')
      .map(({ pageText, page }) => `— Page ${page} —\n${pageText}`)
      .join('\n\n');
  } finally {
    await document.destroy();
  }
}
