-- The slowest launches of each app across the night, from the merged NDJSON report:
--   scenelog merge --format ndjson parts/ > night.ndjson
-- Launches timed only to the second (timeToActivePrecisionMs 1000) are left out, as the
-- history's medians leave them out. The columns are named, so that DuckDB does not have to
-- guess the launch lines' shape from the first lines of the file (the findings come first).
SELECT coalesce(bundle, process) AS app,
       count(*) AS launches,
       median(timeToActiveMs) AS median_ms,
       max(timeToActiveMs) AS slowest_ms,
       arg_max(path, timeToActiveMs) AS slowest_in
FROM read_json('night.ndjson', format = 'newline_delimited', columns = {
       type: 'VARCHAR', bundle: 'VARCHAR', process: 'VARCHAR', path: 'VARCHAR',
       timeToActiveMs: 'BIGINT', timeToActivePrecisionMs: 'BIGINT'})
WHERE type = 'launch' AND timeToActiveMs IS NOT NULL AND timeToActivePrecisionMs < 1000
GROUP BY app
ORDER BY slowest_ms DESC, app
LIMIT 20;
