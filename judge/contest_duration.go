package judge

import (
	"strconv"
	"strings"
	"time"
)

// ParseContestDuration reads a contest's duration or freeze as an
// instructor writes it: Go's units ("5h", "90m", "1h30m", "45s"), a
// number of seconds ("5400"), or the ICPC Contest API's "h:mm:ss"
// ("5:00:00"). It refuses negative and fractional-second durations and
// any over MaxContestDuration, with an EINVALID naming the column of the
// first character it cannot read.
func ParseContestDuration(s string) (time.Duration, error) {
	if s == "" {
		return 0, Errort(EINVALID, "duration_empty", "column 1: empty duration: want \"5h\", \"90m\", \"5:00:00\" or a number of seconds")
	}
	var d time.Duration
	switch {
	case allDigits(s):
		n, err := strconv.ParseInt(s, 10, 64)
		if err != nil || n > int64(MaxContestDuration/time.Second) {
			return 0, tooLong(s)
		}
		d = time.Duration(n) * time.Second
	case strings.Contains(s, ":"):
		parts := strings.Split(s, ":")
		if len(parts) != 3 {
			return 0, Errort(EINVALID, "duration_hms", "column {Col}: {Text}: want h:mm:ss", "Col", 1, "Text", strconv.Quote(s))
		}
		col := 1
		var total int64
		for i, p := range parts {
			if !allDigits(p) || (i > 0 && len(p) != 2) || len(p) > 6 {
				return 0, Errort(EINVALID, "duration_hms", "column {Col}: {Text}: want h:mm:ss", "Col", col, "Text", strconv.Quote(s))
			}
			n, _ := strconv.ParseInt(p, 10, 64)
			if i > 0 && n > 59 {
				return 0, Errort(EINVALID, "duration_sixty", "column {Col}: {Text}: minutes and seconds go up to 59", "Col", col, "Text", strconv.Quote(s))
			}
			total = total*60 + n
			col += len(p) + 1
		}
		if total > int64(MaxContestDuration/time.Second) {
			return 0, tooLong(s)
		}
		d = time.Duration(total) * time.Second
	default:
		if i := strings.IndexFunc(s, func(r rune) bool { return !strings.ContainsRune("0123456789.hms", r) }); i >= 0 {
			return 0, Errort(EINVALID, "duration_form", "column {Col}: {Text}: want \"5h\", \"90m\", \"5:00:00\" or a number of seconds", "Col", i+1, "Text", strconv.Quote(s))
		}
		var err error
		if d, err = time.ParseDuration(s); err != nil {
			return 0, Errort(EINVALID, "duration_form", "column {Col}: {Text}: want \"5h\", \"90m\", \"5:00:00\" or a number of seconds", "Col", 1, "Text", strconv.Quote(s))
		}
		if d > MaxContestDuration {
			return 0, tooLong(s)
		}
		if d%time.Second != 0 {
			return 0, Errort(EINVALID, "duration_whole", "column 1: {Text}: a duration is whole seconds", "Text", strconv.Quote(s))
		}
	}
	return d, nil
}

func tooLong(s string) error {
	return Errort(EINVALID, "duration_max", "column 1: {Text}: a contest lasts at most {Max}", "Text", strconv.Quote(s), "Max", FormatContestDuration(MaxContestDuration))
}

func allDigits(s string) bool {
	return s != "" && strings.IndexFunc(s, func(r rune) bool { return r < '0' || r > '9' }) < 0
}

// FormatContestDuration writes d as the ICPC Contest API does, "h:mm:ss";
// ParseContestDuration reads it back.
func FormatContestDuration(d time.Duration) string {
	s := int64(d / time.Second)
	return strconv.FormatInt(s/3600, 10) + ":" + two(s/60%60) + ":" + two(s%60)
}

func two(n int64) string {
	if n < 10 {
		return "0" + strconv.FormatInt(n, 10)
	}
	return strconv.FormatInt(n, 10)
}
