-- Takes the next range of a tag: (max_id, max_id + step], step being the larger of the requested
-- one and the record's, cut at the last sequence whose ids stay at or below max_limit_id (the
-- sequence itself for a plain tag; see the fields business_id, business_bits and shard_bits, each 0 if
-- missing). A missing tag is an error, never a counter from 0.
-- KEYS[1]: the tag's hash. ARGV: [1] the requested step (1..2147483647), [2] the largest max_id this
-- client took for the tag, or '' for none, [3] '1' to take exactly the requested step whatever the
-- record's (a range handed on whole), '' for the larger of the two.
-- Returns {'OK', old max_id, new max_id, step, max_limit_id, business_id, business_bits, shard_bits},
-- {'UNKNOWN'}, {'EXHAUSTED', max_id, max_limit_id}, {'BAD', field, value}, {'COMPOSITION', business_id,
-- business_bits, shard_bits} (a composition out of its rules) or {'REGRESSED', max_id, the largest max_id
-- some client took}.
-- Every field is checked before anything is written: a script that fails half-way keeps its first
-- writes (Redis has no rollback), and a max_id moved by a failed allocation burns ids on every retry.
server_epoch()
local kind = redis.call('TYPE', KEYS[1]).ok
if kind == 'none' then
	return {'UNKNOWN'}
end
if kind ~= 'hash' then
	return {'BAD', 'type', kind}
end
local row = redis.call('HMGET', KEYS[1], 'max_id', 'step', 'max_limit_id', 'regressed_below', 'version',
	'business_id', 'business_bits', 'shard_bits')
local max_id = decimal(row[1])
if not max_id then
	return {'BAD', 'max_id', tostring(row[1] or '(missing)')}
end
local step = decimal(row[2])
if not step or compare(step, {0, 1}) < 0 or compare(step, {2, 147483647}) > 0 then
	return {'BAD', 'step', tostring(row[2] or '(missing)')}
end
local limit = decimal(row[3])
if not limit then
	return {'BAD', 'max_limit_id', tostring(row[3] or '(missing)')}
end
-- HINCRBY needs a signed 64-bit integer it can add 1 to, written without leading zeros; a missing
-- version (a hash an operator made without one) counts from 0
if row[5] then
	local version = decimal(row[5])
	if not version or text(version) ~= row[5] or row[5] == LONG_MAX then
		return {'BAD', 'version', row[5]}
	end
end
local parts = {}
for i, field in ipairs({'business_id', 'business_bits', 'shard_bits'}) do
	local value = row[5 + i] or '0'
	local part = decimal(value)
	if not part then
		return {'BAD', field, value}
	end
	parts[i] = part
end
-- within the rules every part is below 2^40: a plain number
local business_id, business_bits, shard_bits = parts[1], parts[2], parts[3]
if business_bits[1] > 0 or shard_bits[1] > 0 or shard_bits[2] > 10 or business_bits[2] + shard_bits[2] > 40
		or compare(business_id, of_number(2 ^ business_bits[2])) >= 0 then
	return {'COMPOSITION', text(business_id), text(business_bits), text(shard_bits)}
end
local bits = business_bits[2] + shard_bits[2]
-- the largest sequence s with s << bits | business_id << shard_bits | (2^shard_bits - 1) <= max_limit_id
local lowest = of_number((business_id[2] + business_id[1] * 1000000000 + 1) * 2 ^ shard_bits[2])
local room = plus(limit, 1)
local sequence_limit = {0, 0}
if compare(room, lowest) >= 0 then
	sequence_limit = shift_right(minus(room, lowest), bits)
end
if row[4] then
	return {'REGRESSED', text(max_id), row[4]}
end
local taken = decimal(ARGV[2])
if taken and compare(max_id, taken) < 0 then
	-- the record lost allocations a client saw: stop the tag for every client until it is repaired
	redis.call('HSET', KEYS[1], 'regressed_below', text(taken))
	return {'REGRESSED', text(max_id), text(taken)}
end
if compare(max_id, sequence_limit) >= 0 then
	return {'EXHAUSTED', text(max_id), text(limit)}
end
local wanted = tonumber(ARGV[1])
if ARGV[3] ~= '1' then
	wanted = math.max(wanted, step[2] + step[1] * 1000000000)
end
local new_max_id = plus(max_id, wanted)
if compare(new_max_id, sequence_limit) > 0 then
	new_max_id = sequence_limit
end
redis.call('HSET', KEYS[1], 'max_id', text(new_max_id), 'update_time', now_millis())
redis.call('HINCRBY', KEYS[1], 'version', 1)
return {'OK', text(max_id), text(new_max_id), text(step), text(limit), text(business_id), text(business_bits),
	text(shard_bits)}
