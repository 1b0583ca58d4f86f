package pages

import (
	"context"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"puzzlejudge/judge"
	"puzzlejudge/judge/puzzles"
)

// getWith reads a page with an Accept-Language header.
func (b *browser) getWith(path, acceptLanguage string) page {
	b.t.Helper()
	req, err := http.NewRequest("GET", b.e.srv.URL+path, nil)
	if err != nil {
		b.t.Fatal(err)
	}
	if acceptLanguage != "" {
		req.Header.Set("Accept-Language", acceptLanguage)
	}
	return b.do(req)
}

// wantLang fails unless the page is in lang: the html element, the
// Content-Language header and a word of its menu say so.
func (p page) wantLang(t *testing.T, lang, problems string) page {
	t.Helper()
	p.want(t, 200, `<html lang="`+lang+`">`, `<a href="/">`+problems+`</a>`)
	if got := p.header.Get("Content-Language"); got != lang {
		t.Errorf("Content-Language = %q, want %q", got, lang)
	}
	return p
}

// TestPageLanguageChoice walks the order of the issue: the user's setting,
// else the browser's Accept-Language (or the switch's cookie), else
// default_language.
func TestPageLanguageChoice(t *testing.T) {
	e := newPagesEnv(t, Options{})
	for _, tc := range []struct {
		name, accept, want, word string
	}{
		{"no header: the default", "", "en", "Problems"},
		{"zh-CN", "zh-CN,zh;q=0.9,en;q=0.8", "zh-CN", "题目"},
		{"plain zh", "zh", "zh-CN", "题目"},
		{"English first", "en-GB,zh;q=0.5", "en", "Problems"},
		{"nothing we have: the default", "fr-FR,de;q=0.7", "en", "Problems"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			e.browser().getWith("/", tc.accept).wantLang(t, tc.want, tc.word)
		})
	}

	zhFirst := newPagesEnv(t, Options{DefaultLanguage: "zh-CN"})
	zhFirst.browser().getWith("/", "fr").wantLang(t, "zh-CN", "题目")
	zhFirst.browser().getWith("/login", "en-US").wantLang(t, "en", "Problems")

	// The switch sets a visitor's cookie, which wins over the browser.
	b := e.browser()
	b.getWith("/problems/flood", "en").wantLang(t, "en", "Problems").want(t, 200, `action="/language"`, `value="zh-CN"`)
	b.post("/language", url.Values{"lang": {"zh-CN"}, "next": {"/problems/flood"}}).redirectTo(t, "/problems/flood")
	b.getWith("/problems/flood", "en").wantLang(t, "zh-CN", "题目").want(t, 200, "样例棋盘")
	// It never sends the browser elsewhere, nor takes a language we lack.
	b.post("/language", url.Values{"lang": {"en"}, "next": {"//evil.example/"}}).redirectTo(t, "/")
	b.post("/language", url.Values{"lang": {"fr"}, "next": {"/"}}).want(t, 400)

	// A signed-in user's setting wins over the cookie and the browser; the
	// switch stores it in the account.
	u := e.browser()
	u.register("mei", "mei-password-1")
	u.getWith("/", "en").wantLang(t, "en", "Problems")
	u.post("/language", url.Values{"lang": {"zh-CN"}, "next": {"/"}}).redirectTo(t, "/")
	if got := accountOf(t, e, "mei").Language; got != "zh-CN" {
		t.Errorf("the switch left the account's language %q, want zh-CN", got)
	}
	other := e.browser()
	other.getWith("/", "en")
	other.login("mei", "mei-password-1")
	other.getWith("/", "en-US,en").wantLang(t, "zh-CN", "题目")

	// A signed-in user's switch needs the form token, as every form does.
	u.post("/language", url.Values{"lang": {"en"}, "next": {"/"}, "csrf": {"forged"}}).want(t, 403)
	if got := accountOf(t, e, "mei").Language; got != "zh-CN" {
		t.Errorf("a forged switch changed the account's language to %q", got)
	}
}

// TestSettingsPage sets the language and the zone on /me/settings.
func TestSettingsPage(t *testing.T) {
	e := newPagesEnv(t, Options{})
	b := e.browser()
	b.register("lin", "lin-password-1")
	b.get("/me/settings").want(t, 200, `name="language"`, `name="time_zone"`, "UTC")
	b.get(b.post("/me/settings", url.Values{"language": {"zh-CN"}, "time_zone": {"Asia/Shanghai"}}).redirectTo(t, "/me/settings")).
		wantLang(t, "zh-CN", "题目").want(t, 200, "设置已保存。", "Asia/Shanghai")
	if u := accountOf(t, e, "lin"); u.Language != "zh-CN" || u.TimeZone != "Asia/Shanghai" {
		t.Errorf("account after the settings form = %+v", u)
	}
	b.post("/me/settings", url.Values{"language": {"zh-CN"}, "time_zone": {"Nowhere/Town"}}).want(t, 400, "Nowhere/Town")
	// Back to the browser's language: an empty choice.
	b.post("/me/settings", url.Values{"language": {""}, "time_zone": {""}}).redirectTo(t, "/me/settings")
	b.getWith("/", "en").wantLang(t, "en", "Problems")
	e.browser().get("/me/settings").redirectTo(t, "/login")
}

// accountOf is the stored account of a username.
func accountOf(t *testing.T, e *pagesEnv, name string) judge.User {
	t.Helper()
	users, err := e.svc.Users(context.Background(), staff)
	if err != nil {
		t.Fatal(err)
	}
	for _, u := range users {
		if u.Username == name {
			return u
		}
	}
	t.Fatalf("no account %s", name)
	return judge.User{}
}

// TestStatementLanguages: a problem with statement.zh.md shows the
// reader's language, with a switch to the other; one without shows its
// English statement to every reader, and no switch.
func TestStatementLanguages(t *testing.T) {
	e := newPagesEnv(t, Options{})
	zh, en := e.browser(), e.browser()
	zh.getWith("/problems/flood", "zh-CN").want(t, 200, "<h1>染色游戏</h1>", `<article class="statement" lang="zh-CN"`, "<strong>整个棋盘</strong>", `href="?statement=en"`)
	en.getWith("/problems/flood", "en").want(t, 200, `<article class="statement" lang="en"`, "<strong>the whole board</strong>", `href="?statement=zh-CN"`)
	// The switch, for a reader of either language (and the cached
	// visitor's page keeps the two apart).
	zh.getWith("/problems/flood?statement=en", "zh-CN").wantLang(t, "zh-CN", "题目").want(t, 200, "<strong>the whole board</strong>")
	en.getWith("/problems/flood?statement=zh-CN", "en").wantLang(t, "en", "Problems").want(t, 200, "<strong>整个棋盘</strong>")
	zh.getWith("/problems/flood", "zh-CN").want(t, 200, "<strong>整个棋盘</strong>")
	// Logged in, the page is drawn for the user: the same choice.
	zh.register("wei", "wei-password-1")
	zh.getWith("/problems/flood", "zh-CN").want(t, 200, "<strong>整个棋盘</strong>")
	p := zh.getWith("/problems/rot", "zh-CN").want(t, 200, `<article class="statement" lang="en"`, "Rotate the bars.")
	if strings.Contains(p.body, `id="statement-langs"`) {
		t.Errorf("a problem without a Chinese statement offers the switch")
	}
}

// TestJudgeMessages renders the judge's message ids in each language, and
// falls back to the English text for a result without one.
func TestJudgeMessages(t *testing.T) {
	en, zh := newLocale("en", nil), newLocale("zh-CN", nil)
	for _, tc := range []struct {
		r          judge.CaseResult
		en, zhWant string
	}{
		{judge.CaseResult{Message: "1 move, optimal", MessageID: "moves_optimal", MessageArgs: judge.M("moves_optimal", "Count", 1).ArgsJSON()}, "1 move, optimal", "1 步，最优"},
		{judge.CaseResult{Message: "5 moves, the optimum is 3", MessageID: "moves_suboptimal", MessageArgs: judge.M("moves_suboptimal", "Count", 5, "Optimal", 3).ArgsJSON()}, "5 moves, the optimum is 3", "5 步，最优为 3 步"},
		{judge.CaseResult{Message: "no output for this case", MessageID: "no_output"}, "no output for this case", "这组数据没有输出"},
		{judge.CaseResult{Message: "move 7 (9): no such colour"}, "move 7 (9): no such colour", "move 7 (9): no such colour"},
		{judge.CaseResult{Message: "kept", MessageID: "an_id_the_pages_do_not_know"}, "kept", "kept"},
		{judge.CaseResult{Message: "kept", MessageID: "moves_optimal", MessageArgs: "{not json"}, "kept", "kept"},
	} {
		if got := en.judgeMessage(tc.r); got != tc.en {
			t.Errorf("en judgeMessage(%+v) = %q, want %q", tc.r, got, tc.en)
		}
		if got := zh.judgeMessage(tc.r); got != tc.zhWant {
			t.Errorf("zh judgeMessage(%+v) = %q, want %q", tc.r, got, tc.zhWant)
		}
	}
}

// TestJudgeMessageFromTheJudge: what the Flood-it adapter says of legal
// moves that do not flood the board reads in Chinese on the page, and its
// English message is the one the API keeps.
func TestJudgeMessageFromTheJudge(t *testing.T) {
	pz, err := puzzles.Lookup("floodit")
	if err != nil {
		t.Fatal(err)
	}
	r := pz.CheckMoves("3\n0 1 2\n1 1 2\n2 2 1\n", &judge.Solution{Optimal: 3, Solvable: true}, "1")
	cr := judge.CaseResult{Message: r.Message, MessageID: r.MessageID, MessageArgs: r.MessageArgs}
	if want := "the 1 move is legal, but the board is not flooded (4 of 9 cells)"; r.Message != want || newLocale("en", nil).judgeMessage(cr) != want {
		t.Errorf("Message = %q, en page %q; want %q", r.Message, newLocale("en", nil).judgeMessage(cr), want)
	}
	if got, want := newLocale("zh-CN", nil).judgeMessage(cr), "1 步均合法，但棋盘没有染满（9 格中染了 4 格）"; got != want {
		t.Errorf("zh page = %q, want %q", got, want)
	}
}
