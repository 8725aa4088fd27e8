import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { trifectaReport } from '../../src/entries/trifecta.ts';
import { NONE, type TrifectaLegs } from '../../src/index.ts';

const WEB: TrifectaLegs = { privateData: false, untrusted: 'hard', egress: 'unreviewed' };
const FILES: TrifectaLegs = { privateData: true, untrusted: 'none', egress: 'none' };

describe('TrifectaReport.render', () => {
  it('prints one line per node and per tool, then the worst path', () => {
    const report = trifectaReport({
      label: 'main',
      toolLegs: { read: FILES, calculator: NONE },
      children: [
        { label: 'researcher', toolLegs: { fetch: WEB }, children: [], channelEgress: 'unreviewed' },
      ],
    });
    assert.equal(
      report.render(),
      [
        'main  private=yes untrusted=soft egress=unreviewed  → SOFT',
        '  - read: private=yes',
        '  - calculator: no legs',
        '  researcher (channel: unreviewed)  private=no untrusted=hard egress=unreviewed  → SOFT',
        '    - fetch: untrusted=hard egress=unreviewed',
        'verdict: SOFT  worst path: main → researcher',
      ].join('\n'),
    );
  });

  it('shows a loud single agent', () => {
    const report = trifectaReport({ label: 'main', toolLegs: { fetch: WEB, read: FILES }, children: [] });
    assert.equal(
      report.render(),
      [
        'main  private=yes untrusted=hard egress=unreviewed  → LOUD',
        '  - fetch: untrusted=hard egress=unreviewed',
        '  - read: private=yes',
        'verdict: LOUD  worst path: main',
      ].join('\n'),
    );
  });
});
