-- Raises the holder's mark. KEYS[1]: the record. ARGV: [1] the version read, [2] the holder's token,
-- [3] its claim id ('0' for any of its claims), [4] the mark, [5] how far ahead it is, [6] instance
-- name, [7] process, [8] the new version. Returns 1 if written, 0 if the record changed.
server_epoch()
local row = redis.call('HMGET', KEYS[1], 'holder', 'claim', 'version')
if row[3] ~= ARGV[1] or row[1] ~= ARGV[2] or (ARGV[3] ~= '0' and row[2] ~= ARGV[3]) then
	return 0
end
redis.call('HSET', KEYS[1], 'version', ARGV[8], 'mark', ARGV[4], 'ahead', ARGV[5], 'instance', ARGV[6],
	'process', ARGV[7], 'updated', now_millis())
return 1
