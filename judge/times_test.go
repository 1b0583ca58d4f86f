package judge_test

import (
	"errors"
	"testing"
	"time"

	"puzzlejudge/judge"
)

func TestParseTime(t *testing.T) {
	tests := []struct {
		in   string
		want time.Time // zero: refused
		id   string    // the refusal's message id
	}{
		{"2026-12-02T09:00:00Z", time.Date(2026, 12, 2, 9, 0, 0, 0, time.UTC), ""},
		{"2026-12-02T09:00:00+08:00", time.Date(2026, 12, 2, 1, 0, 0, 0, time.UTC), ""},
		{"2026-12-02T09:00:00-23:59", time.Date(2026, 12, 3, 8, 59, 0, 0, time.UTC), ""},
		{"2026-12-02T09:00:00+23:59", time.Date(2026, 12, 1, 9, 1, 0, 0, time.UTC), ""},
		{" 2026-12-02T09:00:00.000Z ", time.Date(2026, 12, 2, 9, 0, 0, 0, time.UTC), ""},
		{"2026-12-02T09:00:00+24:00", time.Time{}, "time_offset"},
		{"2026-12-02T09:00:00-24:00", time.Time{}, "time_offset"},
		{"2026-12-02T09:00:00+23:60", time.Time{}, "time_offset"},
		{"2026-12-02T09:00:00+00:60", time.Time{}, "time_offset"},
		{"2026-12-02T09:00:00+99:00", time.Time{}, "time_syntax"},
		{"2026-12-02T09:00:00.5Z", time.Time{}, "time_fraction"},
		{"2026-12-02T09:00:00.000000001+01:00", time.Time{}, "time_fraction"},
		{"2026-12-02 09:00", time.Time{}, "time_syntax"},
		{"", time.Time{}, "time_syntax"},
		{"tomorrow", time.Time{}, "time_syntax"},
	}
	for _, tc := range tests {
		got, err := judge.ParseTime("start_time", tc.in)
		if tc.id == "" {
			if err != nil || !got.Equal(tc.want) {
				t.Errorf("ParseTime(%q) = %v, %v, want %v", tc.in, got, err, tc.want)
			}
			continue
		}
		var e *judge.Error
		if !errors.As(err, &e) || e.Code != judge.EINVALID || e.ID != tc.id {
			t.Errorf("ParseTime(%q) = %v, %v, want EINVALID %s", tc.in, got, err, tc.id)
		}
	}
}

func FuzzParseTime(f *testing.F) {
	for _, s := range []string{"2026-12-02T09:00:00Z", "2026-12-02T09:00:00+24:00", "2026-12-02T09:00:00.5-01:30", "x"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got, err := judge.ParseTime("t", s)
		if err != nil {
			return
		}
		if _, off := got.Zone(); off <= -24*3600 || off >= 24*3600 || got.Nanosecond() != 0 {
			t.Errorf("ParseTime(%q) = %v, taken", s, got)
		}
	})
}
