-- Takes the next range of a tag: (max_id, max_id + step], step being the larger of the requested
-- one and the record's, cut at max_limit_id. A missing tag is an error, never a counter from 0.
-- KEYS[1]: the tag's hash. ARGV: [1] the requested step (1..2147483647), [2] the largest max_id this
-- client took for the tag, or '' for none, [3] '1' to take exactly the requested step whatever the
-- record's (a range handed on whole), '' for the larger of the two.
-- Returns {'OK', old max_id, new max_id, step, max_limit_id}, {'UNKNOWN'}, {'EXHAUSTED', max_id, max_limit_id},
-- {'BAD', field, value} or {'REGRESSED', max_id, the largest max_id some client took}.
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
local row = redis.call('HMGET', KEYS[1], 'max_id', 'step', 'max_limit_id', 'regressed_below', 'version')
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
if row[4] then
	return {'REGRESSED', text(max_id), row[4]}
end
local taken = decimal(ARGV[2])
if taken and compare(max_id, taken) < 0 then
	-- the record lost allocations a client saw: stop the tag for every client until it is repaired
	redis.call('HSET', KEYS[1], 'regressed_below', text(taken))
	return {'REGRESSED', text(max_id), text(taken)}
end
if compare(max_id, limit) >= 0 then
	return {'EXHAUSTED', text(max_id), text(limit)}
end
local wanted = tonumber(ARGV[1])
if ARGV[3] ~= '1' then
	wanted = math.max(wanted, step[2] + step[1] * 1000000000)
end
local new_max_id = plus(max_id, wanted)
if compare(new_max_id, limit) > 0 then
	new_max_id = limit
end
redis.call('HSET', KEYS[1], 'max_id', text(new_max_id), 'update_time', now_millis())
redis.call('HINCRBY', KEYS[1], 'version', 1)
return {'OK', text(max_id), text(new_max_id), text(step), text(limit)}
