package pages

import (
	"context"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strconv"
	"strings"
	"testing"
	"time"

	"puzzlejudge/internal/testkit/webtest"
	"puzzlejudge/judge"
	"puzzlejudge/judge/service"
	"puzzlejudge/judge/store"
	"puzzlejudge/web/httpx"
)

// clarificationsEnv is pagesEnv with the database, to create a contest
// (Flood-it as A) that started an hour ago, for alice and bob.
func clarificationsEnv(t *testing.T) (*pagesEnv, judge.Contest) {
	t.Helper()
	svc, db, logger := webtest.NewService(t, webtest.Setup{Config: service.Config{RegistrationOpen: true},
		AdminPassword: pagesAdminPassword, Catalogue: pagesFixtures()})
	opts := Options{Logins: httpx.NewLoginLimiter()}
	opts.Logins.Store = db
	server := New(svc, logger, opts)
	srv := httptest.NewServer(webtest.Engine(server.Register))
	t.Cleanup(srv.Close)
	e := &pagesEnv{t: t, svc: svc, srv: srv, server: server}
	for _, name := range []string{"alice", "bob"} {
		e.browser().register(name, name+"-pass-1")
	}
	return e, createContest(t, db, []string{"alice", "bob"})
}

func createContest(t *testing.T, db *store.DB, participants []string) judge.Contest {
	t.Helper()
	ctx := context.Background()
	p, err := db.ProblemBySlug(ctx, "flood")
	if err != nil {
		t.Fatal(err)
	}
	c, err := db.CreateContest(ctx, judge.Contest{Title: "Weekly <1>", Problems: []judge.ContestProblem{{ProblemID: p.ID, Label: "A"}},
		StartTime: time.Now().Add(-time.Hour).UTC(), Duration: 5 * time.Hour, Scoring: judge.ScoringICPC, Participants: participants, Public: true})
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// TestClarificationsPage: a contestant asks through the page's form, the
// jury answers privately and announces through theirs, and each sees what
// is theirs, the unread ones marked, the poll's list and its ETag.
func TestClarificationsPage(t *testing.T) {
	e, c := clarificationsEnv(t)
	path := "/contests/" + strconv.FormatInt(c.ID, 10) + "/clarifications"
	alice, bob, jury := e.browser(), e.browser(), e.browser()
	alice.login("alice", "alice-pass-1")
	bob.login("bob", "bob-pass-1")
	jury.login("admin", pagesAdminPassword)

	alice.get("/contests/"+strconv.FormatInt(c.ID, 10)).want(t, 200, `href="`+path+`"`)
	p := alice.get(path).want(t, 200, "Weekly &lt;1&gt;", "Ask the jury", "0 unread", "No clarifications yet.")
	noTemplateError(t, p)
	alice.post(path, url.Values{"problem": {"A"}, "text": {"Is the <board> square?"}}).redirectTo(t, path)
	alice.post(path, url.Values{"text": {"  "}}).want(t, 400, "a clarification needs a text")

	p = jury.get(path).want(t, 200, "Question from alice", "Is the &lt;board&gt; square?", "1 unread", `class="badge"`, "Announce")
	// The script's plural forms are text, not a script's quoted string
	// (an attribute named on* would be escaped as one).
	p.want(t, 200, `data-plural-one="{n} unread"`, `data-plural-other="{n} unread"`)
	noTemplateError(t, p)
	q := firstID(t, p.body)
	jury.post(path, url.Values{"reply_to": {q}, "text": {"Yes, it is."}}).redirectTo(t, path)
	jury.post(path, url.Values{"text": {"One hour left."}}).redirectTo(t, path)

	alice.get(path).want(t, 200, "Answer to alice", "Yes, it is.", "Announcement", "One hour left.", "2 unread")
	p = bob.get(path).want(t, 200, "One hour left.", "1 unread")
	if strings.Contains(p.body, "Yes, it is.") || strings.Contains(p.body, "square") {
		t.Errorf("bob reads alice's question or its private answer:\n%s", p.body)
	}
	// Viewed, they are read: the poll counts none, and says it again as 304.
	r := alice.get(path+"?poll=1").want(t, 200, "One hour left.")
	if r.header.Get("X-Unread") != "0" || strings.Contains(r.body, "<html") {
		t.Errorf("poll: X-Unread %q, body %q", r.header.Get("X-Unread"), r.body)
	}
	req, _ := http.NewRequest("GET", e.srv.URL+path+"?poll=1", nil)
	req.Header.Set("If-None-Match", r.header.Get("ETag"))
	if got := alice.do(req); got.status != http.StatusNotModified {
		t.Errorf("poll with the ETag: %d, want 304", got.status)
	}
	jury.post(path, url.Values{"text": {"Ten minutes left."}}).redirectTo(t, path)
	if got := alice.do(req); got.status != 200 || got.header.Get("X-Unread") != "1" || !strings.Contains(got.body, "Ten minutes left.") {
		t.Errorf("poll after an announcement: %d unread %q", got.status, got.header.Get("X-Unread"))
	}
	alice.post(path+"/read", url.Values{}).redirectTo(t, path)
	if got := alice.get(path + "?poll=1"); got.header.Get("X-Unread") != "0" {
		t.Errorf("after Mark all read: %q unread", got.header.Get("X-Unread"))
	}

	// Someone outside the contest, and a contest that does not exist.
	carol := e.browser()
	carol.register("carol", "carol-pass-1")
	carol.get(path).want(t, 403, "only the contestants and the jury")
	carol.get("/contests/99999/clarifications").want(t, 404)
	carol.get("/contests/x/clarifications").want(t, 404)
	e.browser().get(path).redirectTo(t, "/login")
}

// firstID returns the id of the first message on a page (its anchor).
func firstID(t *testing.T, body string) string {
	t.Helper()
	i := strings.Index(body, `<article class="clarification`)
	j := strings.Index(body[i:], `id="c`)
	if i < 0 || j < 0 {
		t.Fatalf("no message on the page:\n%s", body)
	}
	rest := body[i+j+len(`id="c`):]
	return rest[:strings.IndexByte(rest, '"')]
}
