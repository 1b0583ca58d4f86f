package pages

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"puzzlejudge/judge"
	"puzzlejudge/web/httpx"
)

func TestPagesTemplatesParse(t *testing.T) {
	for _, lang := range judge.PageLanguages {
		ts, err := parseTemplates(templateFS, newLocale(lang, nil))
		if err != nil {
			t.Fatal(err)
		}
		for _, name := range []string{"problems", "problem", "submission", "submissions", "cases", "login", "register", "error"} {
			if ts[name] == nil {
				t.Errorf("%s: no template for page %q", lang, name)
			}
		}
	}
}

func TestPagesAnonymous(t *testing.T) {
	e := newPagesEnv(t, Options{})
	e.waitCases("flood")
	b := e.browser()

	home := b.get("/").want(t, 200, `href="/problems/flood"`, "Flood-it", "Rotation", "Mayan", `href="/login"`, `href="/register"`)
	noTemplateError(t, home)
	if !strings.Contains(home.header.Get("Content-Security-Policy"), "default-src 'self'") {
		t.Errorf("home page without a Content-Security-Policy")
	}

	prob := b.get("/problems/flood").want(t, 200,
		"<strong>the whole board</strong>", // Markdown rendered
		"<table>",                          // GFM table
		`href="/api/v1/problems/flood/input"`,
		`<svg`, "01-sample-1", "02-sample-2",
		`href="/login?next=/problems/flood"`)
	noTemplateError(t, prob)
	for _, bad := range []string{"<script>alert", "javascript:", "onerror"} {
		if strings.Contains(prob.body, bad) {
			t.Errorf("statement not sanitised: page contains %q", bad)
		}
	}
	if got := strings.Count(prob.body, `<svg`); got != 2 {
		t.Errorf("problem page has %d pictures, want 2 (the samples)", got)
	}
	if strings.Contains(prob.body, "03-hidden</h3>") {
		t.Errorf("problem page shows the hidden board as a sample")
	}
	if strings.Contains(prob.body, `id="answer-form"`) {
		t.Errorf("anonymous visitor sees the submit form")
	}

	for _, slug := range []string{"rot", "maya"} {
		p := b.get("/problems/"+slug).want(t, 200, "<svg", "01-sample-1")
		noTemplateError(t, p)
	}

	b.get("/submissions").redirectTo(t, "/login?next=%2Fsubmissions")
	b.get("/problems/flood/cases").redirectTo(t, "/login?next=")
	b.get("/problems/nope").want(t, 404, "404")
	b.get("/static/pages.css").want(t, 200, "verdict")
}

func TestPagesSubmitAnswerAndMoves(t *testing.T) {
	e := newPagesEnv(t, Options{})
	cases := e.waitCases("flood")
	b := e.browser()
	b.register("alice", "alice-password")

	home := b.get("/").want(t, 200, "alice", "not tried", "Log out")
	noTemplateError(t, home)
	b.get("/problems/flood").want(t, 200, `id="answer-form"`, `id="moves-form"`, "1. 01-sample-1", "3. board 3")

	// The right output, built from the reference's own expected answers.
	var right strings.Builder
	for _, c := range cases {
		right.WriteString(c.Expected.Answer)
	}
	loc := b.post("/problems/flood/submissions", url.Values{"kind": {"answer"}, "output": {right.String()}}).
		redirectTo(t, "/submissions/")
	res := b.waitDone(loc).want(t, 200, `class="verdict v-accepted">accepted`, "score 100 / 100", "01-sample-1", "board 3")
	noTemplateError(t, res)
	if got := strings.Count(res.body, "<tr>") - 1; got != len(cases) {
		t.Errorf("result table has %d case rows, want %d", got, len(cases))
	}
	// The optimum of a Flood-it board is its expected answer: a student's
	// answer page must not show it for the hidden boards.
	if strings.Contains(res.body, "Moves used") {
		t.Errorf("answer result shows the optimum of each board to a student")
	}

	// A wrong output, uploaded as a file.
	loc = b.upload("/problems/flood/submissions", url.Values{"kind": {"answer"}}, "file", "out.txt", "0\n3\n99\n").
		redirectTo(t, "/submissions/")
	b.waitDone(loc).want(t, 200, "wrong answer")

	// Moves for the 3x3 sample: the optimal ones, then an illegal colour.
	sample := cases[1]
	loc = b.post("/problems/flood/submissions", url.Values{"kind": {"moves"}, "case": {fmt.Sprint(sample.ID)}, "moves": {sample.Expected.Moves}}).
		redirectTo(t, "/submissions/")
	b.waitDone(loc).want(t, 200, "accepted", "Moves used / optimum", `<figure class="board">`, fmt.Sprintf("%d / %d", sample.Expected.Optimal, sample.Expected.Optimal), "02-sample-2")
	loc = b.post("/problems/flood/submissions", url.Values{"kind": {"moves"}, "case": {fmt.Sprint(sample.ID)}, "moves": {"9"}}).
		redirectTo(t, "/submissions/")
	b.waitDone(loc).want(t, 200, "invalid", "9")

	// Refused forms come back with the text kept.
	b.post("/problems/flood/submissions", url.Values{"kind": {"answer"}, "output": {"  \n"}}).want(t, 400, "The output is empty")
	b.post("/problems/flood/submissions", url.Values{"kind": {"moves"}, "case": {"x"}, "moves": {"1 2 kept"}}).
		want(t, 400, "Choose the board", "1 2 kept</textarea>")
	b.post("/problems/flood/submissions", url.Values{"kind": {"nonsense"}}).want(t, 400, "Unknown kind")

	list := b.get("/submissions").want(t, 200, "My submissions", "accepted", "wrong answer", "invalid")
	noTemplateError(t, list)
	var ids []int
	for _, m := range regexp.MustCompile(`href="/submissions/(\d+)"`).FindAllStringSubmatch(list.body, -1) {
		id, _ := strconv.Atoi(m[1])
		ids = append(ids, id)
	}
	if len(ids) != 4 || ids[0] < ids[1] || ids[1] < ids[2] || ids[2] < ids[3] {
		t.Errorf("submission list %v: want 4, newest first", ids)
	}
	b.get("/").want(t, 200, `class="verdict v-accepted">accepted`)

	// Another student sees none of it.
	m := e.browser()
	m.register("mallory", "mallory-password")
	m.get(loc).want(t, 403, "not yours")
	m.get("/submissions").want(t, 200, "No submissions")
	m.get("/problems/flood/cases").want(t, 403, "Only instructors")
}

func TestPagesLoginLogout(t *testing.T) {
	e := newPagesEnv(t, Options{})
	b := e.browser()
	b.register("bob", "bob-password")
	b.get("/").want(t, 200, "bob")
	b.post("/logout", url.Values{}).redirectTo(t, "/")
	home := b.get("/").want(t, 200, `href="/login"`)
	if strings.Contains(home.body, `class="user"`) {
		t.Errorf("still logged in after logout")
	}

	b.get("/login?next=/submissions").want(t, 200, `name="next" value="/submissions"`)
	b.post("/login", url.Values{"username": {"bob"}, "password": {"wrong"}, "next": {"/submissions"}}).
		want(t, 401, "Wrong username or password", `value="bob"`)
	b.post("/login", url.Values{"username": {"bob"}, "password": {"bob-password"}, "next": {"https://evil.example/"}}).
		redirectTo(t, "/")
	b.post("/logout", url.Values{})
	b.get("/login")
	if loc := b.post("/login", url.Values{"username": {"bob"}, "password": {"bob-password"}, "next": {"/submissions"}}).
		redirectTo(t, "/submissions"); loc != "/submissions" {
		t.Errorf("login went to %q, want /submissions", loc)
	}

	b.post("/logout", url.Values{})
	b.get("/register")
	b.post("/register", url.Values{"username": {"bob"}, "password": {"x-password"}, "password2": {"x-password"}}).
		want(t, 409, `value="bob"`)
	b.post("/register", url.Values{"username": {"carol"}, "password": {"one-password"}, "password2": {"two-password"}}).
		want(t, 400, "The two passwords differ")
}

func TestPagesRegistrationClosed(t *testing.T) {
	e := newClosedPagesEnv(t, Options{})
	b := e.browser()
	home := b.get("/").want(t, 200)
	if strings.Contains(home.body, `href="/register"`) {
		t.Errorf("registration closed but the home page links to it")
	}
	b.get("/register").want(t, 200, "Registration is closed")
	b.post("/register", url.Values{"username": {"dave"}, "password": {"dave-password"}, "password2": {"dave-password"}}).want(t, 403)
}

// TestPagesEscaping registers (or tries to) a username that is HTML and
// checks it is shown as text wherever it appears.
func TestPagesEscaping(t *testing.T) {
	e := newPagesEnv(t, Options{})
	const name = `<script>alert("x")</script>`
	b := e.browser()
	b.get("/register")
	p := b.post("/register", url.Values{"username": {name}, "password": {"script-password"}, "password2": {"script-password"}})
	pages := []page{p}
	if p.status == 303 {
		pages = append(pages, b.get("/"), b.get("/submissions"))
	} else {
		// The service refuses such names; the form still shows it back.
		p.want(t, 400)
	}
	// The instructor's list shows usernames too; a user named with HTML
	// is created directly when the form refused it.
	if _, err := e.svc.Register(context.Background(), name, "script-password", judge.RoleStudent); err == nil {
		u, _ := e.svc.Authenticate(context.Background(), name, "script-password")
		e.waitCases("flood")
		if _, err := e.svc.Submit(context.Background(), u, judge.Submission{ProblemSlug: "flood", Kind: judge.KindAnswer, Payload: "<b>0</b>\n"}); err != nil {
			t.Fatal(err)
		}
		a := e.browser()
		a.login("admin", pagesAdminPassword)
		pages = append(pages, a.get("/submissions"), a.get("/problems/flood/submissions?user="+url.QueryEscape(name)))
	}
	for _, p := range pages {
		noTemplateError(t, p)
		if strings.Contains(p.body, "<script>alert") {
			t.Errorf("username not escaped:\n%s", p.body)
		}
		if !strings.Contains(p.body, "&lt;script&gt;alert(&#34;x&#34;)&lt;/script&gt;") {
			t.Errorf("username not shown as text:\n%s", p.body)
		}
	}
}

func TestPagesSessionCookie(t *testing.T) {
	e := newPagesEnv(t, Options{})
	b := e.browser()
	b.get("/register")
	p := b.post("/register", url.Values{"username": {"erin"}, "password": {"erin-password"}, "password2": {"erin-password"}})
	var session string
	for _, c := range p.header.Values("Set-Cookie") {
		if strings.HasPrefix(c, sessionCookie+"=") {
			session = c
		}
	}
	for _, attr := range []string{"HttpOnly", "SameSite=Lax", "Path=/"} {
		if !strings.Contains(session, attr) {
			t.Errorf("session cookie %q lacks %s", session, attr)
		}
	}
	if strings.Contains(session, "Secure") {
		t.Errorf("session cookie %q is Secure on plain HTTP", session)
	}

	// Behind a TLS proxy the cookie is Secure.
	c := e.browser()
	req, err := http.NewRequest("GET", e.srv.URL+"/login", nil)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("X-Forwarded-Proto", "https")
	got := c.do(req)
	if ck := strings.Join(got.header.Values("Set-Cookie"), "\n"); !strings.Contains(ck, "Secure") {
		t.Errorf("cookies over https lack Secure: %s", ck)
	}

	// A token the service does not know ends the session quietly.
	u, _ := url.Parse(e.srv.URL)
	b.c.Jar.SetCookies(u, []*http.Cookie{{Name: sessionCookie, Value: "forged"}})
	b.get("/").want(t, 200, `href="/login"`)
	b.get("/submissions").redirectTo(t, "/login")
}

// TestPagesTemplateEscaping renders the pages straight from their templates
// with HTML in every user-supplied string (the service refuses such
// usernames, so the handlers alone cannot show all of them).
func TestPagesTemplateEscaping(t *testing.T) {
	const evil = `<script>alert(1)</script>`
	user := &judge.User{ID: 1, Username: evil, Role: judge.RoleInstructor}
	sub := judge.Submission{ID: 7, Username: evil, ProblemSlug: evil, Kind: judge.KindMoves, Payload: evil, Status: judge.StatusDone,
		Verdict: judge.Invalid, Results: []judge.CaseResult{{CaseName: evil, Verdict: judge.Invalid, Message: evil}}}
	prob := judge.Problem{Slug: "s", Title: evil, Puzzle: "floodit"}
	cs := judge.Case{ID: 3, Name: evil, Input: evil, Status: judge.CaseFailed, SolveError: evil}
	pages := map[string]any{
		"submission":  submissionView{Sub: sub, CaseLabel: evil},
		"submissions": submissionsView{Subs: []judge.Submission{sub}, Problem: evil, User: evil, Verdict: evil, Verdicts: allVerdicts, Page: 1, Pages: 1},
		"cases":       casesView{Problem: prob, Cases: []caseView{{Case: cs, PictureError: evil}}, Form: caseForm{Name: evil, Input: evil, Error: evil}},
		"problem":     problemView{Problem: prob, Cases: []judge.Case{cs}, Samples: []caseView{{Case: cs, PictureError: evil}}, Answer: evil, Moves: evil, Error: evil},
		"problems":    struct{ Problems []problemRow }{[]problemRow{{Slug: evil, Title: evil, Puzzle: evil}}},
		"login":       authView{Username: evil, Next: evil, Error: evil},
		"error":       errorView{Status: 400, Message: evil},
	}
	for _, lang := range judge.PageLanguages {
		for name, data := range pages {
			var b strings.Builder
			if err := pageTemplates[lang].execute(&b, name, view{locale: newLocale(lang, nil), Title: evil, User: user, CSRF: `"><x`, Flash: evil, Data: data}); err != nil {
				t.Fatalf("%s %s: %v", lang, name, err)
			}
			out := b.String()
			if strings.Contains(out, "<script>") || strings.Contains(out, `"><x`) {
				t.Errorf("%s: user text not escaped:\n%s", name, out)
			}
			if !strings.Contains(out, "&lt;script&gt;alert(1)&lt;/script&gt;") {
				t.Errorf("%s: user text missing:\n%s", name, out)
			}
			noTemplateError(t, page{body: out})
		}
	}
}

// TestPagesRateLimit checks that the forms share the API's submission
// limit, and that a refused form keeps the text.
func TestPagesRateLimit(t *testing.T) {
	e := newPagesEnv(t, Options{Limiter: httpx.NewRateLimiter(1)})
	b := e.browser()
	b.register("lena", "lena-password")
	b.get("/problems/flood")
	b.post("/problems/flood/submissions", url.Values{"kind": {"answer"}, "output": {"1\n"}}).redirectTo(t, "/submissions/")
	p := b.post("/problems/flood/submissions", url.Values{"kind": {"answer"}, "output": {"2 kept\n"}}).
		want(t, 429, "Too many submissions", "2 kept")
	if p.header.Get("Retry-After") == "" {
		t.Errorf("429 without Retry-After")
	}
}

// TestPagesEmptyLists reads the lists of a judge that has no assignment,
// contest nor report yet: each page says so in its sentence (the
// assignments' in two forms, a student's and an instructor's) and draws no
// table, which the listTable partial chooses for all of them.
func TestPagesEmptyLists(t *testing.T) {
	e := newPagesEnv(t, Options{})
	stu := e.browser()
	stu.register("ada", "lovelace-1")
	prof := e.browser()
	prof.login("admin", pagesAdminPassword)
	for _, tc := range []struct {
		name string
		b    *browser
		path string
		want string
	}{
		{"a student's assignments", stu, "/assignments", "There are no assignments open yet."},
		{"an instructor's assignments", prof, "/assignments", "There are no assignments."},
		{"contests", stu, "/contests", "There are no contests yet."},
		{"reports", prof, "/similarity", "No report yet."},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := tc.b.get(tc.path).want(t, 200, "<p>"+tc.want+"</p>")
			noTemplateError(t, p)
			if strings.Contains(p.body, `<table class="list`) {
				t.Errorf("GET %s draws a table of nothing", tc.path)
			}
		})
	}
	// The list of problems is never empty here: its rows, in the table.
	stu.get("/").want(t, 200, `<table class="list cards problems">`, `<a href="/problems/flood">`)
}
