/**
 * @kodama/inspector: a local web page over a session store: sessions and
 * their Runs, a Run's timeline, the trifecta map.
 */
export { listSessions, type SessionSummary, sessionDetail, trifectaJson } from './inspector-data.ts';
export {
  type Inspector,
  type InspectorOptions,
  type RunEventSource,
  startInspector,
} from './inspector-server.ts';
export { type RecordedEvent, readRunEvents, recordRunEvents } from './run-event-log.ts';
