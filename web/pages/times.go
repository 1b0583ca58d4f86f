package pages

import (
	"fmt"
	"strings"
	"time"

	"puzzlejudge/judge"
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

// readFormTime reads a time field of the contest and assignment forms: a
// date and time on a clock in zone (parseLocal), or an RFC 3339 time
// (judge.ParseTime, whose errors about one stand). A value of neither
// shape is the error bad makes: each form names its fields its own way.
func readFormTime(field, s string, zone *time.Location, bad func() error) (time.Time, error) {
	if t, err := parseLocal(strings.TrimSpace(s), zone); err == nil {
		return t, nil
	}
	t, err := judge.ParseTime(field, s)
	if judge.ErrorID(err) == "time_syntax" {
		return t, bad()
	}
	return t, err
}

// zoneLabel names t's zone so that it means one offset: an abbreviation
// alone is ambiguous (CST is China's UTC+8 and the American UTC-6), so it
// comes with its offset, "CST (UTC+8)"; a zone without one (Go writes
// "+0530") is its offset, "UTC+5:30"; UTC stays "UTC".
func zoneLabel(t time.Time) string {
	name, off := t.Zone()
	if name == "UTC" && off == 0 {
		return "UTC"
	}
	sign := "+"
	if off < 0 {
		sign, off = "-", -off
	}
	offset := fmt.Sprintf("UTC%s%d", sign, off/3600)
	if m := off % 3600 / 60; m != 0 {
		offset += fmt.Sprintf(":%02d", m)
	}
	if name == "" || name[0] == '+' || name[0] == '-' {
		return offset
	}
	return name + " (" + offset + ")"
}
