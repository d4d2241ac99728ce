-- wrk script: GET the paths listed in the file named by the PATHS environment
-- variable, in order, cycling; the file is one path per line, already drawn
-- from the distribution under test. Each thread starts at a different offset.
local paths = {}
local counter = 0

function setup(thread)
  counter = counter + 1
  thread:set("offset", counter * 7919)
end

function init(args)
  for line in io.lines(os.getenv("PATHS")) do
    paths[#paths + 1] = line
  end
  position = offset % #paths
end

function request()
  position = position % #paths + 1
  return wrk.format("GET", paths[position])
end
