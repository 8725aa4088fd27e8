// The inspector page: plain DOM, no framework, no build step. The address
// kodama inspect prints carries the token in its fragment (#token=…), which the
// browser never sends to a server: the page keeps it in this tab's
// sessionStorage (this origin only), takes it out of the address bar and
// history, and sends it as a bearer token with every API call.
const TOKEN_KEY = 'kodama-inspector-token';
// A view can follow the token (#token=…#session/<id>): it stays in the address.
if (location.hash.startsWith('#token=')) {
  const [given = '', ...view] = location.hash.slice('#token='.length).split('#');
  sessionStorage.setItem(TOKEN_KEY, decodeURIComponent(given));
  history.replaceState(
    null,
    '',
    view.length > 0 ? `${location.pathname}#${view.join('#')}` : location.pathname,
  );
}
const token = sessionStorage.getItem(TOKEN_KEY) ?? '';
const $ = (id) => document.getElementById(id);

async function api(path) {
  const res = await fetch(path, { headers: { authorization: `Bearer ${token}` } });
  if (res.status === 401)
    throw new Error('the inspector needs its key: open the address kodama inspect printed');
  if (!res.ok) throw new Error(`${path}: HTTP ${res.status}`);
  return res.json();
}

function el(tag, props = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(props)) {
    if (k === 'class') node.className = v;
    else if (k === 'onclick') node.addEventListener('click', v);
    else node.setAttribute(k, v);
  }
  for (const c of children) node.append(c instanceof Node ? c : document.createTextNode(String(c)));
  return node;
}

const tokensOf = (u) => (u ? (u.inputTokens ?? 0) + (u.outputTokens ?? 0) : 0);
const cost = (runs) => {
  if (runs.some((r) => r.usage.costUsd === undefined || r.usage.costUsd === null)) return '—';
  return `$${runs.reduce((a, r) => a + r.usage.costUsd, 0).toFixed(4)}`;
};
const duration = (runs) => `${(runs.reduce((a, r) => a + (r.endedAt - r.startedAt), 0) / 1000).toFixed(1)} s`;
const when = (ms) => new Date(ms).toLocaleString();
const text = (content) =>
  typeof content === 'string'
    ? content
    : content.map((p) => (p.type === 'text' ? p.text : `[${p.type}]`)).join('');

async function showSessions() {
  show('sessions');
  const sessions = await api('/api/sessions');
  const body = $('session-table').tBodies[0];
  body.replaceChildren(
    ...sessions.map((s) => {
      const last = s.runs[0];
      return el(
        'tr',
        { 'data-id': s.id, onclick: () => (location.hash = `session/${encodeURIComponent(s.id)}`) },
        el('td', {}, s.title ?? s.id),
        el('td', {}, s.model ?? '—'),
        el('td', {}, s.runs.length),
        el('td', { class: last ? `outcome-${last.outcome}` : '' }, last ? last.outcome : '—'),
        el(
          'td',
          {},
          s.runs.reduce((a, r) => a + tokensOf(r.usage), 0),
        ),
        el('td', {}, cost(s.runs)),
        el('td', {}, duration(s.runs)),
        el('td', {}, when(s.updatedAt)),
      );
    }),
  );
  $('empty').hidden = sessions.length > 0;
}

// The timeline is built as one HTML string and set once, one light element
// per entry: a tool's arguments and results show as one cut line that a
// click unfolds (the full text stays in `folded`). A 10,000-message session
// renders in a fraction of what element-by-element building takes.
const ESCAPES = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };
const esc = (value) => String(value).replace(/[&<>"]/g, (c) => ESCAPES[c]);
const CUT = 160;
let folded = [];
const line = (value) => {
  const flat = String(value).replace(/\s+/g, ' ');
  return flat.length > CUT ? `${flat.slice(0, CUT)}…` : flat;
};
const foldable = (cls, head, body) => {
  folded.push(body);
  return `<li class="${cls} fold" data-fold="${folded.length - 1}">${esc(head)} ${esc(line(body))}</li>`;
};
const li = (cls, body) => `<li class="${cls}">${body}</li>`;
const meta = (value) => `<span class="meta">${esc(value)}</span>`;

function timelineHtml(m) {
  const msg = m.message;
  if (msg.role === 'user')
    return li(m.kind, `${meta(m.kind === 'user' ? 'user' : 'injected')}\n${esc(text(msg.content))}`);
  if (msg.role === 'tool') return foldable('tool', `← ${msg.toolName}:`, text(msg.content));
  const usage = m.usage ? ` · ${m.usage.inputTokens ?? '?'} in / ${m.usage.outputTokens ?? '?'} out` : '';
  let html = '';
  if (msg.reasoning) html += foldable('assistant reasoning', 'reasoning:', msg.reasoning);
  if (msg.text)
    html += li('assistant', `${meta(`assistant · ${m.modelId ?? ''}${usage}`)}\n${esc(msg.text)}`);
  msg.toolCalls.forEach((call, i) => {
    const head = i === 0 && !msg.text && usage ? `[model call${usage}] → ${call.name}` : `→ ${call.name}`;
    html += foldable('tool-call', head, call.arguments);
  });
  return html;
}

// One listener for every entry: a click unfolds (or folds back) its full text.
document.addEventListener('click', (event) => {
  const item = event.target instanceof Element ? event.target.closest('li.fold') : null;
  if (!item) return;
  const full = folded[Number(item.dataset.fold)];
  item.classList.toggle('open');
  item.lastChild.textContent = item.classList.contains('open') ? `\n${full}` : ` ${line(full)}`;
});

async function showSession(id) {
  show('detail');
  const fetched = performance.now();
  const s = await api(`/api/sessions/${encodeURIComponent(id)}`);
  const started = performance.now();
  $('detail-title').textContent = s.info.title ?? s.info.id;
  $('detail-summary').textContent = `${s.info.messageCount} messages · ${s.runs.length} runs · ${s.runs
    .map((r) => r.outcome)
    .join(', ')} · model ${s.info.model ?? '—'}`;
  $('runs').innerHTML = s.runs
    .map(
      (r) =>
        `<li><a href="#run/${encodeURIComponent(r.runId)}" data-run="${esc(r.runId)}">run ${esc(r.runId)}</a> <span class="outcome-${esc(r.outcome)}">${esc(r.outcome)}</span> ${meta(`${((r.endedAt - r.startedAt) / 1000).toFixed(1)} s · ${tokensOf(r.usage)} tokens`)}</li>`,
    )
    .join('');
  folded = [];
  let html = '';
  for (const m of s.messages) html += timelineHtml(m);
  $('timeline').innerHTML = html;
  void $('timeline').offsetHeight; // include layout in the measurement
  document.body.dataset.fetchMs = String(Math.round(started - fetched));
  document.body.dataset.renderMs = String(Math.round(performance.now() - started));
}

// A Run's recorded events: model calls with their latency and usage, tools
// with their duration and status, retries, errors, interjections, an
// assembly's steps and transitions, nested agents and assemblies indented by
// their path. A Run still going is polled once a second.
// Logs recorded before the one `run-end` (and `assembly-step-end`) still show:
// their old terminal and step names are read as the new events.
const LEGACY_END = {
  'run-stop': 'completed',
  'run-error': 'failed',
  'run-partial': 'partial',
  'run-cancel': 'cancelled',
};
const isTerminal = (event) => event.type === 'run-end' || event.type in LEGACY_END;
function upgraded(event) {
  if (event.type in LEGACY_END) return { ...event, type: 'run-end', outcome: LEGACY_END[event.type] };
  if (event.type === 'assembly-step-stop') return { ...event, type: 'assembly-step-end' };
  return event;
}
let polling;

function eventRow(rec, state) {
  const wrapped = rec.event.type === 'agent-stream';
  const e = upgraded(wrapped ? rec.event.event : rec.event);
  // Nested agents' events come wrapped with their source; an assembly's carry their own path.
  const path = wrapped ? rec.event.source.path : (e.path ?? '');
  const depth = path ? path.split('/').length - 1 : 0;
  const at = `+${((rec.t - state.start) / 1000).toFixed(2)}s`;
  const key = `${path}|${e.toolCallId ?? ''}`;
  const row = (cls, body) =>
    `<li class="ev ${cls}" data-depth="${Math.min(depth, 4)}">${meta(`${at} ${path}`)} ${body}</li>`;
  switch (e.type) {
    case 'run-start':
      return row('run', 'run started');
    case 'model-start':
      state.model.set(path, rec.t);
      return '';
    case 'tokens': {
      const ms = rec.t - (state.model.get(path) ?? rec.t);
      return row(
        'model',
        `model call ${esc(e.modelId)} · ${ms} ms · ${e.usage.inputTokens ?? '?'} in / ${e.usage.outputTokens ?? '?'} out · ${esc(e.stopReason)}`,
      );
    }
    case 'tool-start':
      state.tools.set(key, rec.t);
      return '';
    case 'tool-result': {
      const ms = rec.t - (state.tools.get(key) ?? rec.t);
      return row(
        `tool status-${esc(e.status)}`,
        `${esc(e.name)} · ${ms} ms · ${esc(e.status)} ${esc(line(text(e.content)))}`,
      );
    }
    case 'retry':
      return row('retry', `retry ${e.attempt}: ${esc(e.cause)}`);
    case 'user-turn':
      return e.midLoop
        ? row('interjection', `interjection: ${esc(line(text(e.content)))}`)
        : row('user', esc(line(text(e.content))));
    case 'turn-end':
      return e.error ? row('error', `${esc(e.error.name)}: ${esc(e.error.message)}`) : '';
    case 'interjection-delivered':
      return row('interjection', `${e.count} interjection(s) delivered`);
    case 'assembly-step-start':
      return row('step', `${esc(e.assemblyKind)} step ${esc(e.participant)} started${branch(e)}`);
    case 'assembly-step-end':
      return row(
        `step status-${esc(e.status)}`,
        `${esc(e.participant)} · ${esc(e.status)}${e.attempts > 1 ? ` after ${e.attempts} attempts` : ''} · ${e.usage.inputTokens + e.usage.outputTokens} tokens${e.errorType ? ` · ${esc(e.errorType)}` : ''}${branch(e)}`,
      );
    case 'assembly-step-retry':
      return row(
        'retry',
        `${esc(e.participant)} attempt ${e.attempt} failed (${esc(e.errorType)}); retry in ${e.delayMs} ms`,
      );
    case 'assembly-transition':
      return row(
        'transition',
        `${e.from.map(esc).join(', ') || 'start'} → ${e.to.map(esc).join(', ')}${e.errorType ? ` (on ${esc(e.errorType)})` : ''}`,
      );
    case 'assembly-handoff-loop':
      return row('error', `handoff ${esc(e.from)} → ${esc(e.to)} stopped after ${e.count} times`);
    case 'run-end':
      if (e.outcome === 'failed') return row('error', `run failed: ${esc(e.message)}`);
      return row('run', `run ${esc(e.outcome)} · ${e.usage.inputTokens + e.usage.outputTokens} tokens`);
    default:
      return '';
  }
}

const branch = (e) => (e.branch ? ` · branch ${esc(e.branch)}` : '');

async function showRun(id) {
  show('run');
  clearTimeout(polling);
  $('run-title').textContent = `run ${id}`;
  $('run-events').innerHTML = '';
  const state = { start: 0, model: new Map(), tools: new Map(), seen: 0, done: false };
  const poll = async () => {
    const records = await api(`/api/runs/${encodeURIComponent(id)}/events?from=${state.seen}`);
    if (state.seen === 0 && records.length > 0) state.start = records[0].t;
    state.seen += records.length;
    let html = '';
    for (const rec of records) {
      html += eventRow(rec, state);
      if (isTerminal(rec.event)) state.done = true;
    }
    $('run-events').insertAdjacentHTML('beforeend', html);
    $('run-status').textContent =
      state.seen === 0
        ? 'No events were recorded for this run.'
        : state.done
          ? `${state.seen} events`
          : `${state.seen} events · live`;
    document.body.dataset.runEvents = String(state.seen);
    if (!state.done && location.hash === `#run/${encodeURIComponent(id)}`) polling = setTimeout(poll, 1000);
  };
  await poll();
}

function drawNode(n, worst) {
  const isWorst = worst.length >= n.path.length && n.path.every((l, i) => worst[i] === l);
  const legs = `private=${n.legs.privateData ? 'yes' : 'no'} untrusted=${n.legs.untrusted} egress=${n.legs.egress}`;
  const channel = n.channelEgress ? ` (channel: ${n.channelEgress})` : '';
  const tools = Object.entries(n.tools).map(([name, l]) =>
    el(
      'li',
      {},
      `${name}: ${[l.privateData ? 'private' : '', l.untrusted !== 'none' ? `untrusted ${l.untrusted}` : '', l.egress !== 'none' ? `egress ${l.egress}` : ''].filter(Boolean).join(', ') || 'no legs'}`,
    ),
  );
  return el(
    'div',
    { class: `node${isWorst ? ' worst' : ''}`, 'data-label': n.label },
    el('strong', {}, n.label),
    channel,
    ' ',
    el('span', { class: `verdict-${n.verdict}` }, n.verdict.toUpperCase()),
    el('div', { class: 'meta' }, legs),
    el('ul', {}, ...tools),
    ...n.children.map((c) => drawNode(c, worst)),
  );
}

async function showTrifecta() {
  show('trifecta');
  const report = await api('/api/trifecta');
  if (!report) {
    $('trifecta-verdict').textContent = 'No agent configuration was given to the inspector.';
    return;
  }
  $('trifecta-verdict').replaceChildren(
    'verdict ',
    el('span', { class: `verdict-${report.verdict}` }, report.verdict.toUpperCase()),
    ` · worst path: ${report.worstPath.join(' → ')}`,
  );
  $('trifecta-tree').replaceChildren(drawNode(report.root, report.worstPath));
}

function show(section) {
  for (const id of ['sessions', 'detail', 'trifecta', 'run']) $(id).hidden = id !== section;
}

function route() {
  const hash = location.hash.slice(1);
  const done = hash.startsWith('session/')
    ? showSession(decodeURIComponent(hash.slice('session/'.length)))
    : hash.startsWith('run/')
      ? showRun(decodeURIComponent(hash.slice('run/'.length)))
      : hash === 'trifecta'
        ? showTrifecta()
        : showSessions();
  done.then(
    () => {
      $('problem').hidden = true;
      document.body.setAttribute('data-ready', hash || 'sessions');
    },
    (error) => {
      document.body.setAttribute('data-error', String(error));
      $('problem').textContent = error instanceof Error ? error.message : String(error);
      $('problem').hidden = false;
      console.error(error);
    },
  );
}

// Links change only the hash; the token stays in sessionStorage.
window.addEventListener('hashchange', route);
route();
