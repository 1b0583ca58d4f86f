package judge

import (
	"bufio"
	"os"
	"strings"
	"testing"
	"time"
)

func TestParseContestDuration(t *testing.T) {
	tests := []struct {
		in   string
		want time.Duration
		err  string // a part of the message; "" when it parses
	}{
		{"5h", 5 * time.Hour, ""},
		{"90m", 90 * time.Minute, ""},
		{"1h30m", 90 * time.Minute, ""},
		{"5400", 90 * time.Minute, ""},
		{"0", 0, ""},
		{"5:00:00", 5 * time.Hour, ""},
		{"0:30:15", 30*time.Minute + 15*time.Second, ""},
		{"1.5h", 90 * time.Minute, ""},
		{"", 0, "column 1: empty"},
		{"-5m", 0, "column 1:"},
		{"5 h", 0, "column 2:"},
		{"300ms", 0, "whole seconds"},
		{"5:3:00", 0, "column 3:"},
		{"5:00:61", 0, "up to 59"},
		{"1:00", 0, "h:mm:ss"},
		{"99999999999999999999", 0, "at most 720:00:00"},
		{"721h", 0, "at most"},
	}
	for _, tc := range tests {
		t.Run(tc.in, func(t *testing.T) {
			got, err := ParseContestDuration(tc.in)
			if tc.err == "" {
				if err != nil || got != tc.want {
					t.Fatalf("ParseContestDuration(%q) = %v, %v, want %v", tc.in, got, err, tc.want)
				}
				return
			}
			if err == nil || ErrorCode(err) != EINVALID || !strings.Contains(err.Error(), tc.err) {
				t.Fatalf("ParseContestDuration(%q) = %v, %v, want an invalid error with %q", tc.in, got, err, tc.err)
			}
		})
	}
}

func TestFormatContestDurationRoundTrips(t *testing.T) {
	for _, d := range []time.Duration{0, time.Second, 90 * time.Minute, 5 * time.Hour, 100*time.Hour + 59*time.Second} {
		s := FormatContestDuration(d)
		if got, err := ParseContestDuration(s); err != nil || got != d {
			t.Errorf("ParseContestDuration(FormatContestDuration(%v) = %q) = %v, %v", d, s, got, err)
		}
	}
	if got := FormatContestDuration(5*time.Hour + 3*time.Minute + 7*time.Second); got != "5:03:07" {
		t.Errorf("FormatContestDuration = %q, want 5:03:07", got)
	}
}

func FuzzParseContestDuration(f *testing.F) {
	file, err := os.Open("testdata/contest-durations.txt")
	if err != nil {
		f.Fatal(err)
	}
	defer file.Close()
	sc := bufio.NewScanner(file)
	for sc.Scan() {
		f.Add(sc.Text())
	}
	f.Fuzz(func(t *testing.T, s string) {
		d, err := ParseContestDuration(s)
		if err != nil {
			if ErrorCode(err) != EINVALID || !strings.Contains(err.Error(), "column ") {
				t.Fatalf("ParseContestDuration(%q): error %v is not invalid with a column", s, err)
			}
			return
		}
		if d < 0 || d > MaxContestDuration || d%time.Second != 0 {
			t.Fatalf("ParseContestDuration(%q) = %v", s, d)
		}
	})
}
