import { History } from '@kodama/core';
import { validateDocument } from '../src/history/schema/validate.ts';
import { parseJson } from '../src/history/schema/parse-json.ts';
const src = await import('./history-data.ts');
const h = new History(src.conversation(10000));
const text = h.serialize();
const raw = JSON.parse(text);
const med = (f: () => unknown) => { const xs: number[] = []; for (let i = 0; i < 25; i++) { const s = performance.now(); f(); xs.push(performance.now() - s); } xs.sort((a, b) => a - b); return xs[12]!.toFixed(2); };
for (let k = 0; k < 2; k++) {
  console.log('JSON.parse', med(() => JSON.parse(text)), 'parseJson', med(() => parseJson(text)), 'validate', med(() => validateDocument(raw, false)), 'toJSON', med(() => h.toJSON()), 'stringify(toJSON)', med(() => JSON.stringify(h.toJSON())), 'stringify raw', med(() => JSON.stringify(h.messages)));
}
