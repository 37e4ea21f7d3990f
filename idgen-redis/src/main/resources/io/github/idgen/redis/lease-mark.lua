-- Raises the holder's mark. KEYS[1]: the record. ARGV: [1] the version read, [2] the holder's token,
-- [3] the mark, [4] how far ahead it is, [5] instance name, [6] process, [7] the new version, [8] the
-- claim id of the lease that writes it, kept as marked_by.
-- Returns 1 if written, 0 if the record changed or names another holder.
-- Any claim of the holder may raise it: the holder re-reads and writes again while the record
-- carries its token, and a raised mark only makes a successor wait longer.
server_epoch()
local row = redis.call('HMGET', KEYS[1], 'holder', 'version')
if row[2] ~= ARGV[1] or row[1] ~= ARGV[2] then
	return 0
end
redis.call('HSET', KEYS[1], 'version', ARGV[7], 'mark', ARGV[3], 'ahead', ARGV[4], 'instance', ARGV[5],
	'process', ARGV[6], 'marked_by', ARGV[8], 'updated', now_millis())
return 1
