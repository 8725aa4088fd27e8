/** Text safe inside an XML-ish element or a double-quoted attribute (`& < > "` escaped). */
export function xmlText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** The inverse of {@link xmlText} (plus `&#44;`, the escaped comma of name lists). */
export function unXmlText(text: string): string {
  return text
    .replace(/&quot;/g, '"')
    .replace(/&gt;/g, '>')
    .replace(/&lt;/g, '<')
    .replace(/&#44;/g, ',')
    .replace(/&amp;/g, '&');
}
