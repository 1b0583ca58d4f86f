package api

import (
	"bytes"
	"encoding/json"
	"time"

	"puzzlejudge/judge"
)

// timeOf reads a time field of a request body with the judge's one reader
// of times (judge.ParseTime): a JSON string in RFC 3339, its offset within
// -23:59..+23:59 and in whole seconds. encoding/json's own reader of
// time.Time took "+24:00" and kept fractions the store then cut. Absent or
// null is the zero time with present false.
func timeOf(field string, raw json.RawMessage) (t time.Time, present bool, err error) {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 || string(raw) == "null" {
		return time.Time{}, false, nil
	}
	var s string
	if err := json.Unmarshal(raw, &s); err != nil {
		return time.Time{}, true, judge.Errorf(judge.EINVALID, "field %q must be an RFC 3339 time (a JSON string such as \"2026-12-02T09:00:00Z\"), not %s", field, raw)
	}
	t, err = judge.ParseTime(field, s)
	return t, true, err
}

// timePtrOf is timeOf for an optional field: nil when absent or null.
func timePtrOf(field string, raw json.RawMessage) (*time.Time, error) {
	t, present, err := timeOf(field, raw)
	if !present || err != nil {
		return nil, err
	}
	return &t, nil
}
