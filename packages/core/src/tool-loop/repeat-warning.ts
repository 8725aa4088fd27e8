/**
 * The observation the model reads instead of the result of a call it has
 * made with the same arguments in `times` responses in a row (the call is
 * not run again). Sent only when an earlier response's identical call was
 * answered, so the results it points to are in the conversation.
 */
export function repeatWarning(name: string, times: number): string {
  return (
    `You have called ${name} with the same arguments ${times} times in a row, so this call was not run again: ` +
    'the result will not change. Use the results you already have, or try something different ' +
    '(other arguments or another tool), or give your answer now.'
  );
}
