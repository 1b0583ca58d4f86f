package pages

import (
	"time"
)

// formTime is the value of a datetime-local input: a wall-clock time
// without a zone, which the forms read in the reader's zone.
const formTime = "2006-01-02T15:04"

// formatLocal is t as a datetime-local value in zone.
func formatLocal(t time.Time, zone *time.Location) string {
	return t.In(zone).Format(formTime)
}

// parseLocal reads a datetime-local value as a time on a clock in zone.
// Around a daylight-saving change a wall-clock time may be there twice or
// not at all: a repeated one (01:30 on the night clocks go back) is the
// first, as time.Date gives it; a skipped one (02:30 on the night they go
// forward) is moved forward by the gap (03:30), never to an earlier
// instant than the one written, so that a deadline is not cut short.
func parseLocal(s string, zone *time.Location) (time.Time, error) {
	t, err := time.ParseInLocation(formTime, s, zone)
	if err != nil {
		return t, err
	}
	if t.Format(formTime) != s {
		// In a gap: time.Date read it with the offset before the change.
		_, before := t.Zone()
		_, after := t.Add(24 * time.Hour).Zone()
		if gap := time.Duration(after-before) * time.Second; gap > 0 {
			t = t.Add(gap)
		}
	}
	return t, nil
}
