// The conversation the crashing child tries to save (shared with the test that checks it).
import type { HistoryMessage } from '@kodama/core/history';
import { SAMPLE } from './sample.ts';

/** SAMPLE plus a message with a new image, so a folder save writes a new attachment first. */
export const NEWER: readonly HistoryMessage[] = [
  ...SAMPLE,
  {
    id: 'newer',
    kind: 'user',
    message: {
      role: 'user',
      content: [{ type: 'image', mediaType: 'image/gif', data: 'R0lGODlhAQABAAAAACw=' }],
    },
  },
];
