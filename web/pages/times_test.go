package pages

import (
	"context"
	"net/url"
	"strconv"
	"strings"
	"testing"
	"time"

	"puzzlejudge/judge"
)

func TestParseLocal(t *testing.T) {
	ny, _ := judge.LoadTimeZone("America/New_York")
	sh, _ := judge.LoadTimeZone("Asia/Shanghai")
	for _, tc := range []struct {
		name, in string
		zone     *time.Location
		want     string // RFC 3339 in UTC
	}{
		{"UTC", "2026-11-01T01:30", time.UTC, "2026-11-01T01:30:00Z"},
		{"Shanghai, no daylight saving", "2026-11-01T09:00", sh, "2026-11-01T01:00:00Z"},
		{"New York before the change, EDT", "2026-11-01T00:30", ny, "2026-11-01T04:30:00Z"},
		{"New York, the hour that comes twice: the first", "2026-11-01T01:30", ny, "2026-11-01T05:30:00Z"},
		{"New York after the change, EST", "2026-11-01T02:30", ny, "2026-11-01T07:30:00Z"},
		{"New York, the hour that is skipped: moved forward", "2026-03-08T02:30", ny, "2026-03-08T07:30:00Z"},
		{"New York, just after the skip", "2026-03-08T03:00", ny, "2026-03-08T07:00:00Z"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := parseLocal(tc.in, tc.zone)
			if err != nil || got.UTC().Format(time.RFC3339) != tc.want {
				t.Errorf("parseLocal(%q, %s) = %s, %v; want %s", tc.in, tc.zone, got.UTC().Format(time.RFC3339), err, tc.want)
			}
		})
	}
	if _, err := parseLocal("2026-13-01T00:00", ny); err == nil {
		t.Errorf("parseLocal(month 13) = nil error")
	}
}

// TestDeadlineAcrossDST: an instructor in New York sets an assignment's
// times on the form on the night the clocks go back (2026-11-01); the
// judge stores the instants meant, the API gives them in RFC 3339, the
// form shows them back as they were typed, and a student in Shanghai
// reads them in their own zone.
func TestDeadlineAcrossDST(t *testing.T) {
	e := newPagesEnv(t, Options{})
	prof := e.browser()
	prof.login("admin", pagesAdminPassword)
	prof.post("/me/settings", url.Values{"language": {"en"}, "time_zone": {"America/New_York"}}).redirectTo(t, "/me/settings")
	prof.get("/assignments").want(t, 200, "Opens at (America/New_York)", "Due at (America/New_York)")
	loc := prof.post("/assignments", url.Values{"title": {"Fall back"}, "opens_at": {"2026-10-31T09:00"},
		"due_at": {"2026-11-01T01:30"}, "late_until": {"2026-11-02T09:00"}, "late_factor": {"0.5"},
		"problem": {"flood"}, "weight-flood": {"1"}}).redirectTo(t, "/assignments/")

	as, err := e.svc.Assignments(context.Background(), staff)
	if err != nil || len(as) != 1 {
		t.Fatalf("Assignments = %+v, %v", as, err)
	}
	a := as[0]
	for _, c := range []struct {
		what string
		got  time.Time
		want string
	}{
		{"opens", a.OpensAt, "2026-10-31T13:00:00Z"},
		{"due (01:30 EDT, the first of the two)", a.DueAt, "2026-11-01T05:30:00Z"},
		{"late until (09:00 EST)", *a.LateUntil, "2026-11-02T14:00:00Z"},
	} {
		if got := c.got.UTC().Format(time.RFC3339); got != c.want {
			t.Errorf("%s = %s, want %s", c.what, got, c.want)
		}
	}
	page := prof.get(loc).want(t, 200, "Opens 2026-10-31 09:00:00 EDT", "Due 2026-11-01 01:30:00 EDT", "late until 2026-11-02 09:00:00 EST")
	noTemplateError(t, page)
	// The edit form shows the times as typed, in the instructor's zone.
	page.want(t, 200, `name="opens_at" value="2026-10-31T09:00"`, `name="due_at" value="2026-11-01T01:30"`, `name="late_until" value="2026-11-02T09:00"`)

	stu := e.browser()
	stu.register("lili", "lili-password-1")
	stu.post("/me/settings", url.Values{"language": {"zh-CN"}, "time_zone": {"Asia/Shanghai"}}).redirectTo(t, "/me/settings")
	stu.get(loc).want(t, 200, "开始于 2026-10-31 21:00:00 CST", "截止于 2026-11-01 13:30:00 CST", "迟交截止于 2026-11-02 22:00:00 CST")
}

// TestCourseTimeZone: a user who chose no zone reads the course's
// (time_zone of config.yaml, pages.Options.TimeZone).
func TestCourseTimeZone(t *testing.T) {
	e := newPagesEnv(t, Options{TimeZone: mustZone(t, "Asia/Shanghai")})
	b := e.browser()
	b.register("chen", "chen-password-1")
	b.get("/me/settings").want(t, 200, "The pages show times in Asia/Shanghai now.")
	b.get("/submissions").want(t, 200)
	b.post("/problems/flood/submissions", url.Values{"kind": {"answer"}, "output": {"0\n"}})
	if list := b.get("/submissions"); !strings.Contains(list.body, " CST (UTC&#43;8)</td>") {
		t.Errorf("the submissions list does not show times in the course's zone (CST):\n%s", list.body)
	}
}

func mustZone(t *testing.T, name string) *time.Location {
	t.Helper()
	z, err := judge.LoadTimeZone(name)
	if err != nil {
		t.Fatal(err)
	}
	return z
}

// TestContestFormInReadersZone: the contest form reads its start on the
// instructor's clock, with the zone shown, across both daylight-saving
// changes of New York in 2026: 01:30 on the night clocks go back is the
// first (EDT), 02:30 on the night they go forward, which no clock shows,
// moves forward to 03:30 EDT; the edit form gives the start back as typed.
func TestContestFormInReadersZone(t *testing.T) {
	e := newPagesEnv(t, Options{})
	prof := e.browser()
	prof.login("admin", pagesAdminPassword)
	prof.post("/me/settings", url.Values{"language": {"en"}, "time_zone": {"America/New_York"}}).redirectTo(t, "/me/settings")
	prof.get("/contests").want(t, 200, "Start (America/New_York)", `id="contest-form-zone"`)
	for _, tc := range []struct {
		typed, want, shown string
	}{
		{"2026-11-01T01:30", "2026-11-01T05:30:00Z", "2026-11-01T01:30"},
		{"2026-03-08T02:30", "2026-03-08T07:30:00Z", "2026-03-08T03:30"},
		{"2026-07-01T09:00", "2026-07-01T13:00:00Z", "2026-07-01T09:00"},
	} {
		loc := prof.post("/contests", url.Values{"title": {"At " + tc.typed}, "start_time": {tc.typed}, "duration": {"5h"},
			"scoring": {"icpc"}, "problems": {"flood"}, "public": {"1"}}).redirectTo(t, "/contests/")
		id, err := strconv.ParseInt(strings.TrimPrefix(loc, "/contests/"), 10, 64)
		if err != nil {
			t.Fatalf("created at %q", loc)
		}
		ct, err := e.svc.Contest(context.Background(), staff, id)
		if err != nil {
			t.Fatal(err)
		}
		if got := ct.StartTime.UTC().Format(time.RFC3339); got != tc.want {
			t.Errorf("start typed %s in New York = %s, want %s", tc.typed, got, tc.want)
		}
		prof.get(loc).want(t, 200, `name="start_time" value="`+tc.shown+`"`)
	}
	// A Chinese instructor in Shanghai reads and writes Shanghai's clock.
	prof.post("/me/settings", url.Values{"language": {"zh-CN"}, "time_zone": {"Asia/Shanghai"}}).redirectTo(t, "/me/settings")
	prof.get("/contests").want(t, 200, "开始时间（Asia/Shanghai）")
}

// TestZoneLabel: a time's zone is named so that it means one offset: CST
// is both China's and America's Central, so the offset comes with it.
func TestZoneLabel(t *testing.T) {
	at := time.Date(2026, 7, 1, 12, 0, 0, 0, time.UTC)
	for _, tc := range []struct{ zone, want string }{
		{"Asia/Shanghai", "2026-07-01 20:00:00 CST (UTC+8)"},
		{"America/Chicago", "2026-07-01 07:00:00 CDT (UTC-5)"},
		{"Asia/Kolkata", "2026-07-01 17:30:00 IST (UTC+5:30)"},
		{"Asia/Dubai", "2026-07-01 16:00:00 UTC+4"},
		{"UTC", "2026-07-01 12:00:00 UTC"},
	} {
		zone, err := time.LoadLocation(tc.zone)
		if err != nil {
			t.Fatal(err)
		}
		if got := newLocale("en", zone).When(at); got != tc.want {
			t.Errorf("When(%s) = %q, want %q", tc.zone, got, tc.want)
		}
	}
}
