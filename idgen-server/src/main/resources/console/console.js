// The console: reads the server's JSON endpoints every 2 s while the tab is visible, with the token
// the operator typed. The page itself holds no data: refused, it shows none and asks for a token.

import { call, storeToken, forgetToken, TokenRefused, ServerAnswer } from './api.js';
import { RateChart } from './chart.js';
import { element, facts } from './dom.js';
import { recordsByTag, showInstance, showTags, showRecords, showGenerators } from './figures.js';

const REFRESH_MILLIS = 2000;
const page = {
  data: document.getElementById('data'),
  message: document.getElementById('message'),
  refreshed: document.getElementById('refreshed'),
  chart: new RateChart(document.getElementById('chart'), document.getElementById('legend')),
};
let timer = null;
let decodeChoices = '';

function say(text) {
  page.message.textContent = text;
  page.message.hidden = !text;
}

/** No data on the page: after a refused token, or when the token is forgotten. */
function clear() {
  page.data.hidden = true;
  for (const id of ['instance', 'decoded', 'created', 'legend', 'chart']) {
    document.getElementById(id).replaceChildren();
  }
  for (const id of ['tags', 'rows', 'generators']) {
    for (const section of document.getElementById(id).tBodies) {
      section.replaceChildren();
    }
  }
  document.getElementById('rows').tHead.replaceChildren();
  document.getElementById('decode-with').replaceChildren();
  decodeChoices = '';
  page.chart = new RateChart(document.getElementById('chart'), document.getElementById('legend'));
  page.refreshed.textContent = '';
}

function refused(error) {
  forgetToken();
  clear();
  say(error.message);
}

function decodeOptions(idgen, tags) {
  const options = [['default', 'default generator']];
  for (const name of Object.keys(idgen.generators || {})) {
    options.push([`generator:${name}`, `generator ${name}`]);
  }
  for (const tag of tags) {
    options.push([`tag:${tag}`, `tag ${tag}`]);
  }
  const key = options.map((option) => option[0]).join('\n');
  if (key === decodeChoices) {
    return;
  }
  decodeChoices = key;
  const select = document.getElementById('decode-with');
  const chosen = select.value;
  select.replaceChildren(...options.map(([value, label]) => {
    const option = element('option', label);
    option.value = value;
    return option;
  }));
  if (options.some((option) => option[0] === chosen)) {
    select.value = chosen;
  }
}

async function refresh() {
  const [idgen, segments, server] = await Promise.all([call('/actuator/idgen'), call('/actuator/idgenSegments'),
    call('/actuator/idgenServer')]);
  const at = Date.now();
  const counts = new Map([['generator (default)', idgen.body.counters.issuedIds]]);
  for (const [name, generator] of Object.entries(idgen.body.generators || {})) {
    if (generator.issuedIds !== undefined) {
      counts.set(`generator ${name}`, generator.issuedIds);
    }
  }
  for (const tag of segments.body.tags) {
    counts.set(`tag ${tag.tag}`, tag.allocatedIds - tag.idsLeft);
  }
  page.chart.add(at, counts);
  const records = recordsByTag(server.body.segmentRecords.records);
  showInstance(document.getElementById('instance'), idgen.body, server.body);
  document.getElementById('store').textContent = `Store: ${segments.body.store}. Ids left, ranges and steps are this`
    + ' instance\'s memory; step (record) and max_limit_id are the store\'s.';
  const tags = showTags(document.getElementById('tags').tBodies[0], segments.body, records,
    (tag) => page.chart.meanRate(`tag ${tag}`));
  showRecords(document.getElementById('rows'), document.getElementById('rows-store'), server.body.segmentRecords);
  showGenerators(document.getElementById('generators').tBodies[0], idgen.body);
  page.chart.draw();
  decodeOptions(idgen.body, tags);
  page.data.hidden = false;
  page.refreshed.textContent = `refreshed ${new Date(at).toLocaleTimeString()}`;
  say('');
}

async function tick() {
  timer = null;
  if (document.visibilityState !== 'visible') {
    return;
  }
  try {
    await refresh();
  } catch (error) {
    if (error instanceof TokenRefused) {
      refused(error);
      return;
    }
    say(error instanceof ServerAnswer ? `The server answered ${error.status}: ${error.message}`
      : `The server could not be reached: ${error.message}`);
  }
  if (timer === null) {
    timer = setTimeout(tick, REFRESH_MILLIS);
  }
}

function restart() {
  if (timer !== null) {
    clearTimeout(timer);
    timer = null;
  }
  tick();
}

document.getElementById('token-form').addEventListener('submit', (event) => {
  event.preventDefault();
  const input = document.getElementById('token');
  storeToken(input.value.trim());
  // the field is emptied: the token stays in sessionStorage only, not in the page
  input.value = '';
  clear();
  say('');
  restart();
});

document.getElementById('forget').addEventListener('click', () => {
  forgetToken();
  if (timer !== null) {
    clearTimeout(timer);
    timer = null;
  }
  clear();
  say('Token forgotten.');
});

document.addEventListener('visibilitychange', () => {
  if (document.visibilityState === 'visible') {
    restart();
  }
});

function problemFacts(dl, status, problem) {
  const entries = [['status', status, 'bad']];
  for (const [key, value] of Object.entries(problem || {})) {
    entries.push([key, typeof value === 'object' ? JSON.stringify(value) : value, key === 'detail' ? 'bad' : '']);
  }
  facts(dl, entries);
}

document.getElementById('decode-form').addEventListener('submit', async (event) => {
  event.preventDefault();
  const dl = document.getElementById('decoded');
  const id = document.getElementById('decode-id').value.trim();
  const choice = document.getElementById('decode-with').value;
  const encoded = encodeURIComponent(id);
  const path = choice.startsWith('generator:')
    ? `/v1/generators/${encodeURIComponent(choice.slice(10))}/${encoded}`
    : choice.startsWith('tag:') ? `/v1/segments/${encodeURIComponent(choice.slice(4))}/ids/${encoded}`
      : `/actuator/idgen/${encoded}`;
  try {
    const answer = await call(path, { refusalIsAnswer: true });
    facts(dl, Object.entries(answer.body).map(([key, value]) => [key,
      typeof value === 'object' ? JSON.stringify(value) : value]));
  } catch (error) {
    if (error instanceof TokenRefused) {
      refused(error);
    } else if (error instanceof ServerAnswer) {
      problemFacts(dl, error.status, error.problem || { detail: error.message });
    } else {
      facts(dl, [['error', error.message, 'bad']]);
    }
  }
});

const CREATE_FIELDS = ['step', 'idsAbove', 'maxLimitId', 'businessId', 'businessBits', 'shardBits'];

document.getElementById('create-form').addEventListener('submit', async (event) => {
  event.preventDefault();
  const dl = document.getElementById('created');
  const tag = document.getElementById('create-tag').value.trim();
  // the JSON is written by hand: a 64-bit number would lose digits as a JavaScript number, and the
  // server answers any field that is not a plain integer with its own problem detail
  const fields = [];
  for (const field of CREATE_FIELDS) {
    const value = document.getElementById(`create-${field}`).value.trim();
    if (value !== '') {
      fields.push(`${JSON.stringify(field)}: ${/^-?\d+$/.test(value) ? value : JSON.stringify(value)}`);
    }
  }
  try {
    const answer = await call(`/v1/segments/${encodeURIComponent(tag)}`, { method: 'PUT', refusalIsAnswer: true,
      headers: { 'Content-Type': 'application/json' }, body: `{${fields.join(', ')}}` });
    facts(dl, [['status', `${answer.status} ${answer.status === 201 ? 'created' : 'exists with these settings'}`,
      'good'], ...Object.entries(answer.body)]);
    restart();
  } catch (error) {
    if (error instanceof ServerAnswer) {
      problemFacts(dl, error.status, error.problem || { detail: error.message });
    } else {
      facts(dl, [['error', error.message, 'bad']]);
    }
  }
});

tick();
