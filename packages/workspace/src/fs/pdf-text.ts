/**
 * The text of a PDF, one `— Page N —` marker line (the same marker as
 * web_scrape in @kodama/tools) before each page's
 * text (pages without text contribute only their marker; there is no OCR).
 * Uses unpdf (pdf.js), loaded on first use; it is an optional peer
 * dependency, so its absence is reported as the package to install.
 */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  const unpdf = await import('unpdf').catch((error: { code?: unknown }) => {
    throw error.code === 'ERR_MODULE_NOT_FOUND'
      ? new Error('PDF support is not installed: add the optional dependency unpdf@1.7.0', { cause: error })
      : error;
  });
  const { extractText, getDocumentProxy } = unpdf;
  const document = await getDocumentProxy(bytes);
  try {
    const { text } = await extractText(document, { mergePages: false });
    return text.map((page, i) => `— Page ${i + 1} —\n${page.trim()}`).join('\n');
  } finally {
    await document.destroy();
  }
}
