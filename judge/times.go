package judge

import (
	"strconv"
	"strings"
	"time"
)

// Times that users write (a contest's start, an assignment's opening, due
// and late times) are read by one parser, ParseTime, whichever face reads
// them: the API's fields, the forms' RFC 3339 fallback, pj's flags. Go's
// own reader takes offsets RFC 3339 does not have ("+24:00", "+23:60"),
// which moved a contest by a day, and the store kept whole seconds of a
// time given with a fraction without a word (issue 32). The judge keeps
// times to the second: a fraction is refused, never cut.

// ParseTime reads s, an RFC 3339 time such as 2026-12-02T09:00:00+08:00,
// as the value of field: EINVALID when it is not one, when its offset is
// outside -23:59..+23:59 (hours 00-23, minutes 00-59), or when it has a
// fraction of a second other than zero (".000" is taken).
func ParseTime(field, s string) (time.Time, error) {
	s = strings.TrimSpace(s)
	t, err := time.Parse(time.RFC3339Nano, s)
	if err != nil {
		return time.Time{}, Errort(EINVALID, "time_syntax", "{Field}: expected an RFC 3339 time such as 2026-12-02T09:00:00Z, found {Text}",
			"Field", field, "Text", strconv.Quote(s))
	}
	if n := len(s); s[n-1] != 'Z' && s[n-1] != 'z' {
		// time.Parse has checked the shape: the last six bytes are ±hh:mm.
		hh, _ := strconv.Atoi(s[n-5 : n-3])
		mm, _ := strconv.Atoi(s[n-2:])
		if hh > 23 || mm > 59 {
			return time.Time{}, timeOffsetError(field)
		}
	}
	if t.Nanosecond() != 0 {
		return time.Time{}, Errort(EINVALID, "time_fraction", "{Field}: whole seconds only; the judge keeps times to the second and does not cut a fraction", "Field", field)
	}
	return t, nil
}

// CheckOffset refuses a time whose offset is a day or more, which no text
// ParseTime reads has but a Go caller's value may: the service's own guard
// behind the faces'.
func CheckOffset(field string, t *time.Time) error {
	if t == nil {
		return nil
	}
	if _, off := t.Zone(); off <= -24*3600 || off >= 24*3600 {
		return timeOffsetError(field)
	}
	return nil
}

func timeOffsetError(field string) error {
	return Errort(EINVALID, "time_offset", "{Field}: the offset must be within -23:59 and +23:59 (RFC 3339)", "Field", field)
}
