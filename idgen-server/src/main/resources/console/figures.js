// The tables of the page, each from the JSON the server gave: nothing here is computed but shares,
// rates and the time left at this page's rate, which the page labels as its own.

import { element, facts, number, duration, row } from './dom.js';

/** The records by tag, from /actuator/idgenServer's segmentRecords. */
export function recordsByTag(records) {
  const byTag = new Map();
  if (!records) {
    return byTag;
  }
  for (const values of records.rows) {
    const record = {};
    records.columns.forEach((column, i) => { record[column] = values[i]; });
    byTag.set(values[0], record);
  }
  return byTag;
}

export function showInstance(dl, idgen, server) {
  const lease = idgen.lease || {};
  const fencing = idgen.fencing || {};
  const counters = idgen.counters;
  facts(dl, [
    ['mode', idgen.mode],
    ['workerId', idgen.workerId],
    ['datacenterId', idgen.datacenterId],
    ['region', idgen.region],
    ['layout', idgen.layout.bits],
    ['lease state', idgen.fencing ? `${fencing.state}${fencing.issuing ? ', issuing' : ', NOT issuing'}` : null,
      idgen.fencing && !fencing.issuing ? 'bad' : 'good'],
    ['why not issuing', fencing.reason, 'bad'],
    ['lease', lease.path],
    ['lease since', lease.since],
    ['lease time left', idgen.lease ? `${(lease.timeLeftMillis / 1000).toFixed(1)} s` : null,
      idgen.lease && lease.timeLeftMillis === 0 ? 'bad' : ''],
    ['renewals', idgen.lease ? number(lease.renewals) : null],
    ['renewal failures', idgen.lease ? number(lease.renewalFailures) : null, lease.renewalFailures ? 'bad' : ''],
    ['lease holder', lease.holder ? lease.holder.process : null],
    ['high-water mark', lease.highWaterMark
      ? `${lease.highWaterMark} (${number(lease.highWaterMarkAheadMillis)} ms ahead of this clock)` : null],
    ['wait for previous holder', idgen.lease ? `${number(lease.waitForPreviousHolderMarkMillis)} ms` : null],
    ['leases taken / lost', idgen.lease ? `${number(lease.leasesTaken)} / ${number(lease.leasesLost)}` : null],
    ['reconnects', idgen.lease ? number(lease.reconnects) : null],
    ['calls refused / lease waits', idgen.fencing
      ? `${number(fencing.refusedCalls)} / ${number(fencing.leaseWaits)} (${fencing.leaseWaitTime})` : null],
    ['clock behind live holders at start', idgen.lease ? `${number(lease.clockLagBehindLiveHoldersMillis)} ms` : null],
    ['sequence waits', number(counters.sequenceExhaustedWaits)],
    ['clock waits / failures', `${number(counters.clockBackwardsWaits)} / ${number(counters.clockBackwardsFailures)}`],
    ['started', server.startedAt],
    ['version', server.version],
  ]);
}

/** The largest sequence whose ids stay at or below max_limit_id, as SegmentComposition.sequenceLimit. */
function sequenceLimit(maxLimitId, composition) {
  const limit = BigInt(maxLimitId);
  if (!composition) {
    return limit;
  }
  const bits = BigInt(composition.businessBits + composition.shardBits);
  const room = limit - (((BigInt(composition.businessId) + 1n) << BigInt(composition.shardBits)) - 1n);
  return room < 0n ? 0n : room >> bits;
}

function use(record, statistics, rate) {
  if (!record || record.max_limit_id === undefined || record.max_limit_id === null) {
    return { used: '', runsOut: '' };
  }
  const limit = sequenceLimit(record.max_limit_id, statistics ? statistics.composition : null);
  const maxId = BigInt(record.max_id);
  if (limit === 0n) {
    return { used: '', runsOut: '' };
  }
  const share = Number((maxId * 1000000n) / limit) / 10000;
  const left = Number(limit - maxId) + (statistics ? statistics.idsLeft : 0);
  let runsOut = 'at this page\'s rate: not yet measured';
  if (rate !== null) {
    runsOut = rate > 0 ? `in ${duration(left / rate)} at ${Math.round(rate).toLocaleString('en-US')}/s`
      : 'never at the rate seen';
  }
  return { used: `${share.toFixed(share < 1 ? 4 : 2)} %`, runsOut };
}

function state(statistics) {
  if (!statistics) {
    return { text: 'not used by this instance yet', className: 'muted' };
  }
  if (statistics.refused) {
    return { text: `REFUSED since ${statistics.failingSince}: ${statistics.lastError}`, className: 'bad' };
  }
  if (statistics.lastError) {
    const since = statistics.failingSince ? ` since ${statistics.failingSince}` : '';
    return { text: `failing${since}: ${statistics.lastError}`, className: 'bad' };
  }
  return { text: statistics.storeReachable ? 'serving' : 'store not reachable', className: 'good' };
}

export function showTags(tbody, segments, records, rateOf) {
  const statisticsByTag = new Map(segments.tags.map((tag) => [tag.tag, tag]));
  const tags = [...new Set([...statisticsByTag.keys(), ...records.keys()])].sort();
  tbody.replaceChildren();
  for (const tag of tags) {
    const statistics = statisticsByTag.get(tag);
    const record = records.get(tag);
    const { used, runsOut } = use(record, statistics, rateOf(tag));
    const composition = statistics && statistics.composition
      ? `business id ${statistics.composition.businessId} (${statistics.composition.businessBits} bits),`
        + ` ${statistics.composition.shardBits} shard bits` : (statistics ? 'plain' : '');
    const latency = statistics && statistics.lastAllocationMicros !== null
      ? `${(statistics.lastAllocationMicros / 1000).toFixed(1)} ms` : '';
    const tr = row([
      { text: tag, name: 'tag' },
      { text: statistics ? number(statistics.idsLeft) : '', name: 'idsLeft', className: 'number' },
      { text: statistics ? (statistics.nextRangeLoaded ? 'ready' : 'not loaded') : '', name: 'nextRangeLoaded' },
      { text: statistics && statistics.currentLastId > 0
        ? `${number(statistics.currentFirstId)}..${number(statistics.currentLastId)}` : '', name: 'range' },
      { text: statistics ? number(statistics.step) : '', name: 'step', className: 'number' },
      { text: record ? number(record.step) : '', name: 'recordStep', className: 'number' },
      { text: latency, name: 'lastAllocation', className: 'number' },
      { text: record ? number(record.max_limit_id) : '', name: 'maxLimitId', className: 'number' },
      { text: used, name: 'used', className: 'number' },
      { text: runsOut, name: 'runsOut' },
      { text: composition, name: 'composition' },
      Object.assign(state(statistics), { name: 'state' }),
    ]);
    tr.dataset.tag = tag;
    tbody.append(tr);
  }
  return tags;
}

export function showRecords(table, note, descriptor) {
  const head = table.tHead;
  const body = table.tBodies[0];
  head.replaceChildren();
  body.replaceChildren();
  const records = descriptor.records;
  if (!records) {
    note.textContent = `The records could not be read: ${descriptor.error}`;
    return;
  }
  note.textContent = `${records.store}, ${records.rows.length} records${records.truncated ? ' (the first only)' : ''}`;
  head.append(row(records.columns.map((column) => element('span', column))));
  for (const values of records.rows) {
    const tr = row(values.map((value, i) => ({ text: value === null ? 'NULL' : value, name: records.columns[i] })));
    tr.dataset.tag = values[0];
    body.append(tr);
  }
}

export function showGenerators(tbody, idgen) {
  const generators = [['(default)', idgen.layout, idgen.counters.issuedIds, 0]];
  for (const [name, generator] of Object.entries(idgen.generators || {})) {
    generators.push([name, generator.layout, generator.issuedIds, generator.shards]);
  }
  tbody.replaceChildren();
  for (const [name, layout, issued, shards] of generators) {
    const tr = row([
      { text: name, name: 'generator' },
      { text: `${layout.bits} (${layout.timeUnit})`, name: 'layout' },
      { text: number(Math.floor(layout.idsPerSecond / 1000)), name: 'capacityPerMs', className: 'number' },
      { text: issued === undefined || issued === null ? 'not counted' : number(issued), name: 'issuedIds',
        className: 'number' },
      { text: `${layout.lastTimestamp.slice(0, 4)} (${layout.yearsLeft} years)`, name: 'endYear' },
      { text: shards ? number(shards) : '', name: 'shards', className: 'number' },
    ]);
    tr.dataset.generator = name;
    tbody.append(tr);
  }
}
