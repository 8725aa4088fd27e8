/**
 * Extracts a PDF's text with `unpdf` (pdf.js), one `— Page N —` marker line
 * before each page that has text. Pages without text emit nothing, so a
 * scanned PDF yields `''` (there is no OCR). `unpdf` is loaded on first use:
 * pdf.js is large and most sessions never see a PDF. It is an optional peer
 * dependency for the same reason; without it, reading a PDF fails with a
 * message that says what to install.
 *
 * @throws Error when the bytes are not a readable PDF, or unpdf is not installed.
 */
export async function pdfToText(bytes: Uint8Array): Promise<string> {
  const { extractText, getDocumentProxy } = await import('unpdf').catch((error: unknown) => {
    if ((error as { code?: unknown }).code !== 'ERR_MODULE_NOT_FOUND') throw error;
    throw new Error('reading PDFs needs the optional package unpdf (npm install unpdf@1.7.0)', {
      cause: error,
    });
  });
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
