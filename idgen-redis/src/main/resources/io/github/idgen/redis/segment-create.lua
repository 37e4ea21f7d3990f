-- Creates a tag unless it exists. KEYS[1]: the tag's hash. ARGV: [1] max_id, [2] step,
-- [3] max_limit_id, [4] description. Returns 1 if created, 0 if the tag existed (left as it was).
server_epoch()
if redis.call('EXISTS', KEYS[1]) == 1 then
	return 0
end
redis.call('HSET', KEYS[1], 'max_id', ARGV[1], 'step', ARGV[2], 'max_limit_id', ARGV[3], 'version', '0',
	'description', ARGV[4], 'update_time', now_millis())
return 1
