-- Exact arithmetic on non-negative 64-bit decimals: Lua's numbers are doubles, exact only below 2^53,
-- and a tag's max_limit_id may be 9223372036854775807. A value is {high, low}: its digits above and
-- its last nine digits, each exact as a double.
local LONG_MAX = '9223372036854775807'

local function decimal(value)
	if type(value) ~= 'string' or not string.match(value, '^%d+$') then
		return nil
	end
	local digits = string.gsub(value, '^0+(%d)', '%1')
	if #digits > 19 or (#digits == 19 and digits > LONG_MAX) then
		return nil
	end
	local low = tonumber(string.sub(digits, -9))
	local high = (#digits > 9) and tonumber(string.sub(digits, 1, #digits - 9)) or 0
	return {high, low}
end

local function compare(a, b)
	if a[1] ~= b[1] then
		return (a[1] < b[1]) and -1 or 1
	end
	if a[2] ~= b[2] then
		return (a[2] < b[2]) and -1 or 1
	end
	return 0
end

local function plus(a, small)
	local low = a[2] + small
	return {a[1] + math.floor(low / 1000000000), low % 1000000000}
end

local function text(a)
	if a[1] == 0 then
		return string.format('%d', a[2])
	end
	return string.format('%d%09d', a[1], a[2])
end

-- a - b for a >= b
local function minus(a, b)
	local low = a[2] - b[2]
	local high = a[1] - b[1]
	if low < 0 then
		low = low + 1000000000
		high = high - 1
	end
	return {high, low}
end

-- a >> bits (bits 0..40), in steps of at most 20 bits, so that every intermediate stays below 2^53
local function shift_right(a, bits)
	local high, low = a[1], a[2]
	while bits > 0 do
		local step = math.min(bits, 20)
		local divisor = 2 ^ step
		local rest = high % divisor
		high = math.floor(high / divisor)
		low = math.floor((rest * 1000000000 + low) / divisor)
		bits = bits - step
	end
	return {high, low}
end

-- a small non-negative integer (below 2^53) as a decimal
local function of_number(n)
	return {math.floor(n / 1000000000), n % 1000000000}
end
