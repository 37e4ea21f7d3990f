-- Creates a tag with its settings unless it exists. KEYS[1]: the tag's hash. ARGV: [1] max_id, [2] step,
-- [3] max_limit_id, [4] description ('' for none), [5] business_id, [6] business_bits, [7] shard_bits
-- (all three '' for a plain tag, which gets no such fields, as an operator's HSET). Returns {'CREATED'},
-- or {'EXISTS', step, max_limit_id, business_id, business_bits, shard_bits, description} with a missing
-- field as nil (the record is left as it was), or {'TYPE', type} if the key holds no hash.
server_epoch()
local kind = redis.call('TYPE', KEYS[1]).ok
if kind == 'hash' then
	local row = redis.call('HMGET', KEYS[1], 'step', 'max_limit_id', 'business_id', 'business_bits', 'shard_bits',
		'description')
	return {'EXISTS', row[1], row[2], row[3], row[4], row[5], row[6]}
end
if kind ~= 'none' then
	return {'TYPE', kind}
end
redis.call('HSET', KEYS[1], 'max_id', ARGV[1], 'step', ARGV[2], 'max_limit_id', ARGV[3], 'version', '0',
	'update_time', now_millis())
if ARGV[4] ~= '' then
	redis.call('HSET', KEYS[1], 'description', ARGV[4])
end
if ARGV[5] ~= '' then
	redis.call('HSET', KEYS[1], 'business_id', ARGV[5], 'business_bits', ARGV[6], 'shard_bits', ARGV[7])
end
return {'CREATED'}
