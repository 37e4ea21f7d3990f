-- Creates a tag like another tag unless it exists. KEYS[1]: the new tag's hash, KEYS[2]: the template's.
-- ARGV: [1] the largest max_limit_id (a decimal), [2] description. The new tag gets max_id 0, the
-- template's step and max_limit_id, each cut at ARGV[1]. Returns 1 if created, 0 if it existed (left as
-- it was), -1 if neither exists. A template field that is no decimal is copied as it is, for the
-- allocation to refuse by name.
server_epoch()
if redis.call('EXISTS', KEYS[1]) == 1 then
	return 0
end
local template = redis.call('HMGET', KEYS[2], 'step', 'max_limit_id')
if not template[1] and not template[2] then
	return -1
end
local cap = decimal(ARGV[1])
local step = template[1]
local step_value = decimal(step)
if step_value ~= nil and compare(step_value, cap) > 0 then
	step = ARGV[1]
end
local limit = template[2]
local limit_value = decimal(limit)
if limit_value ~= nil and compare(limit_value, cap) > 0 then
	limit = ARGV[1]
end
redis.call('HSET', KEYS[1], 'max_id', '0', 'step', step or '', 'max_limit_id', limit or '', 'version', '0',
	'description', ARGV[2], 'update_time', now_millis())
return 1
