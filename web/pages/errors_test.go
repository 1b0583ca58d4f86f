package pages

import (
	"context"
	"errors"
	"net/url"
	"regexp"
	"strings"
	"testing"
	"time"
	"unicode"

	"puzzlejudge/internal/testkit/webtest"
	"puzzlejudge/judge"
)

// TestErrorCataloguesAreTheEnglish holds the English catalogue of the
// domain's errors to their Message: for every judge.Errort call, err_<id>
// is its text with {Name} written {{.Name}}, so that an English page says
// what the API says.
func TestErrorCataloguesAreTheEnglish(t *testing.T) {
	en := map[string]any{}
	for _, raw := range catalogueRaw(t, "en") {
		for id, v := range raw {
			en[id] = v
		}
	}
	braces := regexp.MustCompile(`\{([A-Za-z][A-Za-z0-9]*)\}`)
	for _, e := range translatableErrors(t) {
		want := braces.ReplaceAllString(e.text, "{{.$1}}")
		if got, _ := en["err_"+e.id].(string); got != want {
			t.Errorf("%s: err_%s = %q in the English catalogue, want the error's text %q", e.where, e.id, got, want)
		}
	}
}

// TestDomainErrorsInTheReadersLanguage renders errors the service really
// gives: in English word for word their Message (the API's text), in
// Chinese the catalogue's text, with every argument put in.
func TestDomainErrorsInTheReadersLanguage(t *testing.T) {
	e := newPagesEnv(t, Options{})
	ctx := context.Background()
	student, err := e.svc.Register(ctx, "liam", "liam-pass-123", judge.RoleStudent)
	if err != nil {
		t.Fatal(err)
	}
	cases := e.waitCases("flood")
	errOf := func(_ any, err error) error { return err }
	fr, mars := "fr", "Mars/Olympus"
	tests := []struct {
		name, id string
		err      error
	}{
		{"a short password", "password_length", errOf(e.svc.Register(ctx, "noah", "x", judge.RoleStudent))},
		{"a short username", "username_length", errOf(e.svc.Register(ctx, "n", "noah-pass-123", judge.RoleStudent))},
		{"a username with a space", "username_characters", errOf(e.svc.Register(ctx, "no ah", "noah-pass-123", judge.RoleStudent))},
		{"a taken username", "username_taken", errOf(e.svc.Register(ctx, "LIAM", "noah-pass-123", judge.RoleStudent))},
		{"a wrong password", "wrong_login", errOf(e.svc.Authenticate(ctx, "liam", "not-the-pass"))},
		{"a page language", "preference_language", errOf(e.svc.SetPreferences(ctx, student, judge.Preferences{Language: &fr}))},
		{"a time zone", "time_zone", errOf(e.svc.SetPreferences(ctx, student, judge.Preferences{TimeZone: &mars}))},
		{"a program without a sandbox", "programs_unavailable", errOf(e.svc.SubmitProgram(ctx, student, judge.Submission{ProblemSlug: "flood", Payload: "x"}, "main.xyz"))},
		{"hints off", "hints_off", errOf(e.svc.Hint(ctx, student, "flood", 1, ""))},
		{"a clarification from a visitor", "clar_write_login", errOf(e.svc.PostClarification(ctx, judge.User{}, 1, judge.ClarificationSpec{Text: "?"}))},
		{"a clarification without a text", "clar_text_empty", judge.CheckClarificationText(" ")},
		{"a visitor", "login_needed", judge.Allow(judge.User{}, false, "")},
		{"a duration's minutes", "duration_sixty", errOf(judge.ParseContestDuration("1:75:00"))},
		{"a duration", "duration_form", errOf(judge.ParseContestDuration("5 hours"))},
		{"empty moves", "moves_empty", errOf(e.svc.Submit(ctx, student, judge.Submission{ProblemSlug: "flood", Kind: judge.KindMoves, CaseID: cases[1].ID}))},
		{"an assignment without a title", "assignment_title", errOf(e.svc.CreateAssignment(ctx, webtest.Staff, judge.AssignmentSpec{}))},
		{"an account on a line of a file", "accounts_line", errOf(e.svc.CreateUsers(ctx, webtest.Staff, []judge.UserSpec{{Username: "x", Line: 3}}, judge.RoleStudent))},
		{"a problem's slug", "slug_form", errOf(e.svc.CreateProblem(ctx, webtest.Staff, judge.ProblemSpec{Slug: "Bad Slug", Title: "x", Puzzle: "floodit"}))},
	}
	en, zh := newLocale("en", time.UTC), newLocale("zh-CN", time.UTC)
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var je *judge.Error
			if tc.err == nil || !errors.As(tc.err, &je) || je.ID != tc.id {
				t.Fatalf("the service answered %v, want an error with id %s", tc.err, tc.id)
			}
			if got := en.errorText(tc.err); got != je.Message {
				t.Errorf("in English %q, want the Message %q", got, je.Message)
			}
			got := zh.errorText(tc.err)
			if got == je.Message || !strings.ContainsFunc(got, func(r rune) bool { return unicode.Is(unicode.Han, r) }) {
				t.Errorf("in Chinese %q: not the catalogue's Chinese", got)
			}
			if strings.Contains(got, "<no value>") || strings.Contains(got, "{{") {
				t.Errorf("in Chinese %q: an argument is missing", got)
			}
		})
	}
}

// TestErrorTimesInTheReadersZone: a time in a refusal (a contest that
// has not started) is the reader's, as every time on a page is; the
// Message, the API's, stays RFC 3339 in UTC.
func TestErrorTimesInTheReadersZone(t *testing.T) {
	e := newPagesEnv(t, Options{})
	ctx := context.Background()
	start := time.Date(2030, 3, 2, 1, 0, 0, 0, time.UTC)
	ct, err := e.svc.CreateContest(ctx, webtest.Staff, judge.ContestSpec{Title: "Later", Problems: []judge.ContestProblemSpec{{Slug: "flood"}},
		StartTime: start, Duration: 5 * time.Hour, Scoring: judge.ScoringICPC, Public: true})
	if err != nil {
		t.Fatal(err)
	}
	student, err := e.svc.Register(ctx, "liam", "liam-pass-123", judge.RoleStudent)
	if err != nil {
		t.Fatal(err)
	}
	cases := e.waitCases("flood")
	_, err = e.svc.Submit(ctx, student, judge.Submission{ProblemSlug: "flood", Kind: judge.KindMoves, CaseID: cases[0].ID, Payload: "1", ContestID: ct.ID})
	var je *judge.Error
	if !errors.As(err, &je) || je.ID != "contest_not_started" {
		t.Fatalf("a submission before the start: %v, want contest_not_started", err)
	}
	if !strings.HasSuffix(je.Message, "starts at 2030-03-02T01:00:00Z") {
		t.Errorf("Message %q: want the start in RFC 3339, UTC", je.Message)
	}
	sh, _ := judge.LoadTimeZone("Asia/Shanghai")
	if got, want := newLocale("zh-CN", sh).errorText(err), "于 2030-03-02 09:00:00 CST (UTC+8) 开始"; !strings.Contains(got, want) {
		t.Errorf("in Chinese in Shanghai %q, want %q", got, want)
	}
}

// TestChineseFormShowsChineseError: a Chinese reader's refused form shows
// the catalogue's Chinese, an English reader's the service's English.
func TestChineseFormShowsChineseError(t *testing.T) {
	e := newPagesEnv(t, Options{})
	zh := e.browser()
	zh.post("/language", url.Values{"lang": {"zh-CN"}, "next": {"/"}})
	form := func() url.Values {
		return url.Values{"username": {"n"}, "password": {"noah-pass-123"}, "password2": {"noah-pass-123"}}
	}
	zh.get("/register")
	zh.post("/register", form()).want(t, 400, "用户名须为", `<html lang="zh-CN">`)
	en := e.browser()
	en.get("/register")
	en.post("/register", form()).want(t, 400, "the username must have")
}

// TestContestFormErrorInChinese: the contest form's own refusal wraps the
// duration's (duration: column 3: ...), each part in the reader's words.
func TestContestFormErrorInChinese(t *testing.T) {
	e := newPagesEnv(t, Options{})
	form := func() url.Values {
		return url.Values{"title": {"周赛"}, "start_time": {"2030-03-02T09:00"}, "duration": {"1:x:00"}, "scoring": {"icpc"}, "problems": {"flood"}}
	}
	en := e.browser()
	en.login("admin", pagesAdminPassword)
	en.get("/contests")
	en.post("/contests", form()).want(t, 400, "duration: column 3: &#34;1:x:00&#34;: want h:mm:ss")
	en.post("/language", url.Values{"lang": {"zh-CN"}, "next": {"/contests"}})
	en.get("/contests")
	en.post("/contests", form()).want(t, 400, "时长：第 3 列：&#34;1:x:00&#34;：应为 h:mm:ss。")
}

// TestContestSpecErrorsInChinese: the service's refusals of a contest
// (here a problem that does not exist, the second of the list) read in
// the reader's words, the problem counted from 1 in Chinese; the API's
// English counts from 0 as its JSON does.
func TestContestSpecErrorsInChinese(t *testing.T) {
	e := newPagesEnv(t, Options{})
	form := url.Values{"title": {"周赛"}, "start_time": {"2030-03-02T09:00"}, "duration": {"1:00:00"}, "scoring": {"icpc"}, "problems": {"flood\nnosuch"}}
	b := e.browser()
	b.login("admin", pagesAdminPassword)
	b.get("/contests")
	b.post("/contests", form).want(t, 400, "problems[1]: no problem &#34;nosuch&#34;")
	b.post("/language", url.Values{"lang": {"zh-CN"}, "next": {"/contests"}})
	b.get("/contests")
	b.post("/contests", form).want(t, 400, "第 2 道题：没有题目 &#34;nosuch&#34;。")
}
