package api

import (
	"strings"
	"testing"
	"time"

	"puzzlejudge/judge"
)

// TestTimesReadByOneParser: every time a request carries (a contest's
// start, an assignment's opening, due and late times; created or changed)
// is read by judge.ParseTime: an offset past +/-23:59 is 400, and so is a
// fraction of a second, which the store used to cut without a word. POST
// /contests took "+24:00" and stored the day before (issue 32).
func TestTimesReadByOneParser(t *testing.T) {
	e := newCCSEnv(t, Options{})
	e.waitReady()
	problems := []map[string]any{{"slug": apiProblems[0].problem.Slug, "label": "A"}}
	contest := func(start any) map[string]any {
		return map[string]any{"title": "Times", "scoring": "icpc", "problems": problems, "start_time": start, "duration": 3600}
	}
	assignment := func(field string, at any) map[string]any {
		body := map[string]any{"title": "Times", "problems": []map[string]any{{"slug": apiProblems[0].problem.Slug}},
			"opens_at": "2026-12-01T09:00:00Z", "due_at": "2026-12-08T09:00:00Z", "late_until": "2026-12-09T09:00:00Z", "late_factor": 0.5}
		body[field] = at
		return body
	}
	bad := []struct {
		text, message string
	}{
		{"2026-12-02T09:00:00+24:00", "offset"},
		{"2026-12-02T09:00:00-24:00", "offset"},
		{"2026-12-02T09:00:00+23:60", "offset"},
		{"2026-12-02T09:00:00.5Z", "whole seconds"},
		{"2026-12-02T09:00:00.000001+08:00", "whole seconds"},
		{"2026-12-02 09:00", "RFC 3339"},
	}
	var ok struct {
		ID        int64     `json:"id"`
		StartTime time.Time `json:"start_time"`
	}
	e.do("POST", "/api/v1/contests", e.admin, contest("2026-12-02T09:00:00.000+23:59")).want(t, 201, "").json(t, &ok)
	if want := time.Date(2026, 12, 1, 9, 1, 0, 0, time.UTC); !ok.StartTime.Equal(want) {
		t.Errorf("start +23:59 stored as %v, want %v", ok.StartTime, want)
	}
	var as struct {
		ID int64 `json:"id"`
	}
	e.do("POST", "/api/v1/assignments", e.admin, assignment("opens_at", "2026-12-01T09:00:00-23:59")).want(t, 201, "").json(t, &as)
	for _, b := range bad {
		check := func(what string, r response) {
			t.Helper()
			r.want(t, 400, judge.EINVALID)
			if m := r.errorMessage(t); !strings.Contains(m, b.message) {
				t.Errorf("%s with %q: message %q, want one about %s", what, b.text, m, b.message)
			}
		}
		check("POST /contests", e.do("POST", "/api/v1/contests", e.admin, contest(b.text)))
		check("PATCH /contests", e.do("PATCH", "/api/v1/contests/"+itoa64(ok.ID), e.admin, map[string]any{"start_time": b.text}))
		for _, f := range []string{"opens_at", "due_at", "late_until"} {
			check("POST /assignments "+f, e.do("POST", "/api/v1/assignments", e.admin, assignment(f, b.text)))
			check("PATCH /assignments "+f, e.do("PATCH", "/api/v1/assignments/"+itoa64(as.ID), e.admin, map[string]any{f: b.text}))
		}
	}
	// The contest did not move.
	var now struct {
		StartTime time.Time `json:"start_time"`
	}
	e.do("GET", "/api/v1/contests/"+itoa64(ok.ID), e.admin, nil).want(t, 200, "").json(t, &now)
	if !now.StartTime.Equal(ok.StartTime) {
		t.Errorf("the contest moved to %v", now.StartTime)
	}
	// A time that is not a string is 400 too.
	e.do("POST", "/api/v1/contests", e.admin, contest(1764666000)).want(t, 400, judge.EINVALID)
}
