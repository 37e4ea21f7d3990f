-- Shared by every idgen script (prepended when the script is loaded).

-- The server's incarnation: a restart changes run_id; a promotion, a re-sync from another primary or
-- a restored copy changes master_replid or run_id. Records written in another incarnation may hold a
-- state older than the one holders acted on. Only a primary answers: a replica's data may lag.
local function server_epoch()
	local replication = redis.call('INFO', 'replication')
	if not string.find(replication, 'role:master', 1, true) then
		error({err = 'IDGEN_NOT_PRIMARY this server is not a primary (role is not master); idgen writes only to a primary'})
	end
	local server = redis.call('INFO', 'server')
	return string.match(server, 'run_id:(%x+)') .. '/' .. string.match(replication, 'master_replid:(%x+)')
end

-- The server's clock in milliseconds, for operators only ('updated', 'update_time'): never for safety.
local function now_millis()
	local time = redis.call('TIME')
	return string.format('%d', tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000))
end
