// The in-memory store against the shared SessionStore suite.
import { InMemorySessionStore } from '@kodama/core/session';
import { describeSessionStore } from '@kodama/testkit';

describeSessionStore('InMemorySessionStore', (clock) => new InMemorySessionStore({ clock }));
