package api

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/gin-gonic/gin"

	"puzzlejudge/internal/testkit/ccstest"
	"puzzlejudge/internal/testkit/webtest"
	"puzzlejudge/judge"
	"puzzlejudge/judge/ccs"
	"puzzlejudge/judge/service"
	"puzzlejudge/judge/store"
	"puzzlejudge/web/httpx"
)

// ccsEnv is apiEnv with the database at hand, to create contests until
// the contests' own API does in these tests.
type ccsEnv struct {
	*apiEnv
	db *store.DB
}

func newCCSEnv(t *testing.T, opts Options) *ccsEnv {
	t.Helper()
	svc, db, logger := webtest.NewService(t, webtest.Setup{Config: service.Config{RegistrationOpen: true}, AdminPassword: adminPassword, Catalogue: apiCatalogue()})
	if opts.Logins == nil {
		opts.Logins = httpx.NewLoginLimiter()
		opts.Logins.Store = db
	}
	srv := New(svc, logger, opts)
	gin.SetMode(gin.ReleaseMode)
	r := gin.New()
	r.Use(httpx.LimitBodyExcept(httpx.MaxBodyBytes, map[string]int64{ImportPath: ImportMaxBody}))
	srv.Register(r)
	e := &apiEnv{t: t, handler: r, server: srv, svc: svc}
	e.admin = e.login("admin", adminPassword)
	return &ccsEnv{apiEnv: e, db: db}
}

// contest creates a contest of the catalogue's Flood-it (A) and Rotation
// (B) problems that started ago before now, through POST /api/v1/contests.
func (e *ccsEnv) contest(title string, ago, duration, freeze time.Duration, scoring judge.Scoring, participants []string) judge.Contest {
	e.t.Helper()
	body := map[string]any{"title": title, "scoring": scoring, "public": true,
		"problems":   []map[string]any{{"slug": apiProblems[0].problem.Slug, "label": "A"}, {"slug": apiProblems[1].problem.Slug, "label": "B"}},
		"start_time": time.Now().Add(-ago).UTC().Truncate(time.Second).Format(time.RFC3339),
		"duration":   int64(duration / time.Second)}
	if freeze > 0 {
		body["freeze"] = int64(freeze / time.Second)
	}
	if participants != nil {
		body["participants"] = participants
	}
	var out struct {
		ID int64 `json:"id"`
	}
	e.do("POST", "/api/v1/contests", e.admin, body).want(e.t, 201, "").json(e.t, &out)
	c, err := e.db.Contest(context.Background(), out.ID)
	if err != nil {
		e.t.Fatal(err)
	}
	return c
}

// user returns the account of a token.
func (e *ccsEnv) user(token string) judge.User {
	e.t.Helper()
	u, err := e.svc.UserByToken(context.Background(), token)
	if err != nil {
		e.t.Fatal(err)
	}
	return u
}

// teamID returns the Contest API id of the team of member in contest c.
func (e *ccsEnv) teamID(c judge.Contest, member string) string {
	e.t.Helper()
	got, err := e.svc.Contest(context.Background(), e.user(e.admin), c.ID)
	if err != nil {
		e.t.Fatal(err)
	}
	t, ok := got.TeamOf(member)
	if !ok {
		e.t.Fatalf("%s is in no team of contest %d: %+v", member, c.ID, got.Teams)
	}
	return strconv.FormatInt(t.ID, 10)
}

// contestSubmit submits an answer to the i-th catalogue problem in contest
// c, right or wrong, and waits for its verdict.
func (e *ccsEnv) contestSubmit(t *testing.T, token string, c judge.Contest, i int, right bool) int64 {
	t.Helper()
	answers := refAnswers(t, i)
	if !right {
		last := len(answers) - 1
		answers[last] = wrongAnswer(apiProblems[i].problem.Puzzle, answers[last])
	}
	id := e.submit(token, apiProblems[i].problem.Slug, map[string]any{"kind": "answer", "output": strings.Join(answers, ""), "contest": c.ID})
	e.result(token, id)
	return id
}

// ccsGet answers GET path under /api/ccs with token, wanting status.
func (e *ccsEnv) ccsGet(t *testing.T, path, token string, status int) []byte {
	t.Helper()
	r := e.do("GET", CCSPath+path, token, nil)
	if r.status != status {
		t.Fatalf("GET %s = %d, want %d: %s", path, r.status, status, r.body)
	}
	if status >= 400 {
		var body ccsError
		if err := json.Unmarshal(r.body, &body); err != nil || body.Code != status || body.Message == "" || body.Error.Code == "" {
			t.Errorf("GET %s: error body %s, want {code: %d, message, error: {code, message}}", path, r.body, status)
		}
	}
	return r.body
}

// ccsEndpoints are the endpoints check-api.sh reads for a contest, with the
// schema of each and its mode (clarifications carry to_team_ids, which
// the release's text defines and its schema does not: extra properties
// allowed for them, as check-api.sh -p).
// The list is check-api.sh's ENDPOINTS, in its order
// (TestCCSEndpointsAreTheScripts); commentary, optional there, is not
// served (absent: 404).
var ccsEndpoints = []struct {
	path, schema string
	mode         ccstest.Mode
	absent       bool
}{
	{"", "contest", ccstest.Strict, false},
	{"/access", "access", ccstest.Strict, false},
	{"/judgement-types", "judgement-types", ccstest.Strict, false},
	{"/languages", "languages", ccstest.Strict, false},
	{"/problems", "problems", ccstest.Strict, false},
	{"/groups", "groups", ccstest.Strict, false},
	{"/organizations", "organizations", ccstest.Strict, false},
	{"/persons", "persons", ccstest.Strict, false},
	{"/accounts", "accounts", ccstest.Strict, false},
	{"/teams", "teams", ccstest.Strict, false},
	{"/state", "state", ccstest.Strict, false},
	{"/submissions", "submissions", ccstest.Strict, false},
	{"/judgements", "judgements", ccstest.Strict, false},
	{"/runs", "runs", ccstest.Strict, false},
	{"/clarifications", "clarifications", ccstest.Extra, false},
	{"/awards", "awards", ccstest.Strict, false},
	{"/commentary", "commentaries", ccstest.Strict, true},
	{"/scoreboard", "scoreboard", ccstest.Strict, false},
}

// TestCCSEndpointsAreTheScripts: the endpoints the tests walk are those
// the release's check-api.sh walks, in its order.
func TestCCSEndpointsAreTheScripts(t *testing.T) {
	script, err := os.ReadFile("../../internal/testkit/ccstest/testdata/check-api.sh")
	if err != nil {
		t.Fatal(err)
	}
	_, rest, _ := strings.Cut(string(script), "ENDPOINTS='")
	list, _, _ := strings.Cut(rest, "'")
	var want, got []string
	for _, f := range strings.Fields(list) {
		want = append(want, f)
	}
	for _, ep := range ccsEndpoints {
		name := strings.TrimPrefix(ep.path, "/")
		if name == "" {
			name = "contests"
		}
		got = append(got, name)
	}
	if !slices.Equal(got, want) {
		t.Errorf("the tests walk %v,\ncheck-api.sh walks %v", got, want)
	}
}

// checkContest walks a contest's API as check-api.sh does, as token reads
// it, and checks every answer against the release's schemas, the feed
// line by line; it returns the feed.
func (e *ccsEnv) checkContest(t *testing.T, id int64, token string) []byte {
	t.Helper()
	base := "/contests/" + strconv.FormatInt(id, 10)
	props := map[string][]string{}
	var access struct {
		Endpoints []struct {
			Type       string   `json:"type"`
			Properties []string `json:"properties"`
		} `json:"endpoints"`
	}
	if err := json.Unmarshal(e.ccsGet(t, base+"/access", token, 200), &access); err != nil {
		t.Fatal(err)
	}
	for _, ep := range access.Endpoints {
		props[ep.Type] = ep.Properties
	}
	for _, ep := range ccsEndpoints {
		if ep.absent {
			// The whole server answers it in the API's error shape
			// (web's TestCCSUnknownRoute); this engine has only the API.
			if r := e.do("GET", CCSPath+base+ep.path, token, nil); r.status != 404 {
				t.Errorf("GET %s = %d, want 404", ep.path, r.status)
			}
			continue
		}
		body := e.ccsGet(t, base+ep.path, token, 200)
		ccstest.Check(t, ep.mode, ep.schema, body)
		// Every property served is one access lists for its type.
		typ := strings.TrimPrefix(ep.path, "/")
		if typ == "" {
			typ = "contest"
		}
		var objs []map[string]any
		if json.Unmarshal(body, &objs) != nil {
			var one map[string]any
			if err := json.Unmarshal(body, &one); err != nil {
				t.Fatal(err)
			}
			objs = []map[string]any{one}
		}
		if typ == "access" {
			continue
		}
		for _, o := range objs {
			for k := range o {
				if !slices.Contains(props[typ], k) {
					t.Errorf("%s: property %q is not listed by access", ep.path, k)
				}
			}
		}
	}
	feed := e.ccsGet(t, base+"/event-feed?stream=false", token, 200)
	if err := ccstest.For(t, ccstest.Extra).ValidateFeed(feed); err != nil {
		t.Error(err)
	}
	for _, line := range feedLines(t, feed) {
		if line.Type != ccs.CCSClarifications {
			raw, _ := json.Marshal(line)
			ccstest.Check(t, ccstest.Strict, "event-feed", raw)
		}
	}
	return feed
}

type feedEvent struct {
	Type  string          `json:"type"`
	ID    *string         `json:"id"`
	Data  json.RawMessage `json:"data"`
	Token string          `json:"token"`
}

func feedLines(t testing.TB, feed []byte) []feedEvent {
	t.Helper()
	var out []feedEvent
	for _, line := range bytes.Split(feed, []byte("\n")) {
		if len(bytes.TrimSpace(line)) == 0 {
			continue
		}
		var e feedEvent
		if err := json.Unmarshal(line, &e); err != nil {
			t.Fatalf("feed line %q: %v", line, err)
		}
		out = append(out, e)
	}
	return out
}

// TestCCSAnswersMatchTheSpec runs a small contest and reads its whole
// Contest API as the jury, a contestant and the public, as the check
// script of the release does, and its error answers.
func TestCCSAnswersMatchTheSpec(t *testing.T) {
	e := newCCSEnv(t, Options{})
	alice, bob := e.student("alice"), e.student("bob")
	e.waitReady()
	c := e.contest("Weekly 1", time.Hour, 5*time.Hour, 0, judge.ScoringICPC, nil)
	e.contestSubmit(t, bob, c, 0, false)
	e.contestSubmit(t, alice, c, 0, true)
	e.contestSubmit(t, alice, c, 1, false)
	path := "/api/v1/contests/" + itoa64(c.ID) + "/clarifications"
	var q clarificationJSON
	e.do("POST", path, alice, map[string]any{"text": "Is the board square?", "problem": "A"}).want(t, 201, "").json(t, &q)
	e.do("POST", path, e.admin, map[string]any{"text": "Yes.", "reply_to": q.ID}).want(t, 201, "")
	e.do("POST", path, e.admin, map[string]any{"text": "One hour left.", "to_all": true}).want(t, 201, "")

	body := e.ccsGet(t, "", "", 200)
	ccstest.Check(t, ccstest.Strict, "api_information", body)
	e.ccsGet(t, "/", "", 200)
	for _, who := range []struct{ name, token string }{{"jury", e.admin}, {"contestant", alice}, {"public", ""}} {
		t.Run(who.name, func(t *testing.T) {
			ccstest.Check(t, ccstest.Strict, "contests", e.ccsGet(t, "/contests", who.token, 200))
			e.checkContest(t, c.ID, who.token)
		})
	}
	// The scoreboard: Alice solved A on her first try, Bob did not.
	var board struct {
		Rows []struct {
			Rank   int    `json:"rank"`
			TeamID string `json:"team_id"`
			Score  struct {
				NumSolved int    `json:"num_solved"`
				TotalTime string `json:"total_time"`
			} `json:"score"`
		} `json:"rows"`
	}
	json.Unmarshal(e.ccsGet(t, "/contests/"+itoa64(c.ID)+"/scoreboard", "", 200), &board)
	aliceID := e.teamID(c, "alice")
	if len(board.Rows) != 2 || board.Rows[0].TeamID != aliceID || board.Rows[0].Rank != 1 || board.Rows[0].Score.NumSolved != 1 {
		t.Errorf("scoreboard rows = %+v, want alice (%s) first with one solved", board.Rows, aliceID)
	}
	// check-api.sh -e: the error codes of what does not exist.
	base := "/contests/" + itoa64(c.ID)
	for _, tc := range []struct {
		path   string
		status int
	}{
		{base + "/doesnt-exist", 404}, {base + "/doesnt-exist/42", 404},
		{base + "/submissions/999999", 404}, {base + "/submissions/xyz9999", 404},
		{base + "/submissions/XYZ_999", 404}, {base + "/submissions/XYZ-999", 404},
		{base + "/event-feed?since_id=999999", 400}, {base + "/event-feed?since_id=xY-99_", 400},
		{base + "/event-feed?since_token=0", 400},
		{"/contests/999999", 404}, {"/contests/x", 404},
	} {
		r := e.do("GET", CCSPath+tc.path, "", nil)
		if r.status != tc.status {
			t.Errorf("GET %s = %d, want %d", tc.path, r.status, tc.status)
		}
	}
	// Filters on ID properties: Alice's submissions only.
	var subs []map[string]any
	json.Unmarshal(e.ccsGet(t, base+"/submissions?team_id="+aliceID, e.admin, 200), &subs)
	if len(subs) != 2 {
		t.Errorf("submissions?team_id=%s: %d, want 2", aliceID, len(subs))
	}
	// Basic authentication, as the ICPC tools send it; a wrong password
	// is 401 in the API's error shape.
	req := e.request("GET", CCSPath+base+"/judgements", nil)
	req.SetBasicAuth("admin", adminPassword)
	if r := e.serve(req); r.status != 200 {
		t.Errorf("basic auth: %d %s", r.status, r.body)
	}
	req = e.request("GET", CCSPath+base+"/judgements", nil)
	req.SetBasicAuth("admin", "wrong-password")
	if r := e.serve(req); r.status != 401 || !bytes.Contains(r.body, []byte(`"code":401`)) {
		t.Errorf("basic auth with a wrong password: %d %s", r.status, r.body)
	}
}

// TestCCSPrivateContest: a contest with a participant list is not admitted
// to exist for someone else.
func TestCCSPrivateContest(t *testing.T) {
	e := newCCSEnv(t, Options{})
	alice, mallory := e.student("alice"), e.student("mallory")
	c := e.contest("Exam", time.Hour, 2*time.Hour, 0, judge.ScoringIOI, []string{"alice"})
	e.do("PATCH", "/api/v1/contests/"+itoa64(c.ID), e.admin, map[string]any{"public": false}).want(t, 200, "")
	base := "/contests/" + itoa64(c.ID)
	e.ccsGet(t, base, mallory, 404)
	e.ccsGet(t, base+"/event-feed?stream=false", "", 404)
	e.ccsGet(t, base, alice, 200)
	var list []map[string]any
	json.Unmarshal(e.ccsGet(t, "/contests", mallory, 200), &list)
	if len(list) != 0 {
		t.Errorf("mallory lists %v", list)
	}
	e.checkContest(t, c.ID, alice)
}

// TestCCSEventFeedReplay reads the feed whole, then from a token in its
// middle (exactly the rest comes), then after a rejudge (a new judgement,
// the old one no longer current), each answer checked against the schemas.
func TestCCSEventFeedReplay(t *testing.T) {
	e := newCCSEnv(t, Options{})
	alice := e.student("alice")
	e.waitReady()
	c := e.contest("Weekly 2", time.Hour, 5*time.Hour, 0, judge.ScoringICPC, nil)
	sid := e.contestSubmit(t, alice, c, 0, true)
	base := "/contests/" + itoa64(c.ID) + "/event-feed"
	all := feedLines(t, e.checkContest(t, c.ID, e.admin))
	if len(all) < 10 {
		t.Fatalf("the feed has %d events", len(all))
	}
	for _, typ := range []string{"contest", "judgement-types", "languages", "problems", "teams", "state", "submissions", "judgements", "awards"} {
		if !slices.ContainsFunc(all, func(l feedEvent) bool { return l.Type == typ }) {
			t.Errorf("the feed has no %s event", typ)
		}
	}
	mid := len(all) / 2
	rest := e.ccsGet(t, base+"?stream=false&since_token="+all[mid].Token, e.admin, 200)
	if err := ccstest.For(t, ccstest.Extra).ValidateFeed(rest); err != nil {
		t.Error(err)
	}
	got := feedLines(t, rest)
	if len(got) != len(all)-mid-1 {
		t.Fatalf("since_token %s: %d events, want %d", all[mid].Token, len(got), len(all)-mid-1)
	}
	for i := range got {
		if got[i].Token != all[mid+1+i].Token || string(got[i].Data) != string(all[mid+1+i].Data) {
			t.Errorf("replayed event %d = %+v, want %+v", i, got[i], all[mid+1+i])
		}
	}
	// Nothing changed: a replay from the last token is empty.
	last := all[len(all)-1].Token
	if n := len(feedLines(t, e.ccsGet(t, base+"?stream=false&since_token="+last, e.admin, 200))); n != 0 {
		t.Errorf("replay from the last token: %d events, want none", n)
	}
	e.do("POST", "/api/v1/problems/"+apiProblems[0].problem.Slug+"/rejudge", e.admin, nil).want(t, 202, "")
	deadline := time.Now().Add(30 * time.Second)
	var after []feedEvent
	for {
		after = feedLines(t, e.ccsGet(t, base+"?stream=false&since_token="+last, e.admin, 200))
		if slices.ContainsFunc(after, func(l feedEvent) bool { return l.Type == "judgements" && l.ID != nil && *l.ID == itoa64(sid)+"-2" }) {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("no new judgement after the rejudge: %+v", after)
		}
		time.Sleep(20 * time.Millisecond)
	}
	for _, l := range after {
		if l.Type == "judgements" && *l.ID == itoa64(sid) {
			var j map[string]any
			json.Unmarshal(l.Data, &j)
			if j["current"] != false {
				t.Errorf("the first judgement after the rejudge: %s, want current false", l.Data)
			}
		}
	}
	e.checkContest(t, c.ID, e.admin)
}

// TestCCSEventFeedStreams reads the feed over a real connection as a
// client does: the replay, a keep-alive line when nothing happens, then a
// new submission and its judgement as they come.
func TestCCSEventFeedStreams(t *testing.T) {
	e := newCCSEnv(t, Options{FeedPoll: 20 * time.Millisecond, FeedKeepAlive: 50 * time.Millisecond})
	alice := e.student("alice")
	e.waitReady()
	c := e.contest("Weekly 3", time.Hour, 5*time.Hour, 0, judge.ScoringICPC, nil)
	srv := httptest.NewServer(e.handler)
	defer srv.Close()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, "GET", srv.URL+CCSPath+"/contests/"+itoa64(c.ID)+"/event-feed", nil)
	req.Header.Set("Authorization", "Bearer "+alice)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if ct := resp.Header.Get("Content-Type"); resp.StatusCode != 200 || ct != "application/x-ndjson" {
		t.Fatalf("feed: %d %s", resp.StatusCode, ct)
	}
	lines := make(chan string)
	go func() {
		defer close(lines)
		sc := bufio.NewScanner(resp.Body)
		for sc.Scan() {
			select {
			case lines <- sc.Text():
			case <-ctx.Done():
				return
			}
		}
	}()
	next := func(what string) string {
		t.Helper()
		l, ok := <-lines
		if !ok {
			t.Fatalf("the feed ended while waiting for %s", what)
		}
		return l
	}
	// The replay, up to the state, then an empty keep-alive line.
	for l := next("the replay"); l != ""; l = next("a keep-alive line") {
		ccstest.Check(t, ccstest.Extra, "event-feed", []byte(l))
	}
	sid := e.contestSubmit(t, alice, c, 1, false)
	var sawSubmission bool
	for {
		l := next("the new judgement")
		if l == "" {
			continue
		}
		ccstest.Check(t, ccstest.Extra, "event-feed", []byte(l))
		var ev feedEvent
		json.Unmarshal([]byte(l), &ev)
		if ev.ID == nil || *ev.ID != itoa64(sid) {
			continue
		}
		if ev.Type == "submissions" {
			sawSubmission = true
		}
		if ev.Type == "judgements" {
			if !sawSubmission {
				t.Error("the judgement came before its submission")
			}
			if !bytes.Contains(ev.Data, []byte(`"judgement_type_id":"WA"`)) {
				t.Errorf("judgement %s, want WA", ev.Data)
			}
			break
		}
	}
}

// TestCCSFreeze: from the freeze on, the others neither read the verdicts
// of the tries made under it nor see them on the board (pending), the jury
// and the contestant do; the unfreeze reveals them, in the feed too.
func TestCCSFreeze(t *testing.T) {
	e := newCCSEnv(t, Options{})
	alice, bob := e.student("alice"), e.student("bob")
	e.waitReady()
	// 5 hours from 4:30 ago, frozen for the last hour: frozen now.
	c := e.contest("Frozen", 4*time.Hour+30*time.Minute, 5*time.Hour, time.Hour, judge.ScoringICPC, nil)
	sid := itoa64(e.contestSubmit(t, alice, c, 0, true))
	base := "/contests/" + itoa64(c.ID)
	judgements := func(token string) []string {
		var js []map[string]any
		json.Unmarshal(e.ccsGet(t, base+"/judgements", token, 200), &js)
		var ids []string
		for _, j := range js {
			ids = append(ids, j["id"].(string))
		}
		return ids
	}
	for _, tc := range []struct {
		who   string
		token string
		sees  bool
	}{{"jury", e.admin, true}, {"alice", alice, true}, {"bob", bob, false}, {"public", "", false}} {
		if got := slices.Contains(judgements(tc.token), sid); got != tc.sees {
			t.Errorf("%s reads the judgement under the freeze: %v, want %v", tc.who, got, tc.sees)
		}
		e.checkContest(t, c.ID, tc.token)
	}
	cell := func(token string) map[string]any {
		var b struct {
			Rows []struct {
				Problems []map[string]any `json:"problems"`
			} `json:"rows"`
		}
		json.Unmarshal(e.ccsGet(t, base+"/scoreboard", token, 200), &b)
		if len(b.Rows) != 1 {
			t.Fatalf("board rows %+v", b.Rows)
		}
		return b.Rows[0].Problems[0]
	}
	if p := cell(""); p["solved"] != false || p["num_pending"] != 1.0 {
		t.Errorf("public cell under the freeze = %v, want pending", p)
	}
	if p := cell(e.admin); p["solved"] != true || p["num_pending"] != 0.0 {
		t.Errorf("jury cell = %v, want solved", p)
	}
	feed := feedLines(t, e.ccsGet(t, base+"/event-feed?stream=false", "", 200))
	last := feed[len(feed)-1].Token
	e.do("PATCH", "/api/v1/contests/"+itoa64(c.ID), e.admin, map[string]any{"unfrozen": true}).want(t, 200, "")
	if !slices.Contains(judgements(""), sid) {
		t.Error("the public does not read the judgement after the unfreeze")
	}
	if p := cell(""); p["solved"] != true {
		t.Errorf("public cell after the unfreeze = %v", p)
	}
	after := feedLines(t, e.ccsGet(t, base+"/event-feed?stream=false&since_token="+last, "", 200))
	if !slices.ContainsFunc(after, func(l feedEvent) bool { return l.Type == "judgements" && *l.ID == sid }) {
		t.Errorf("the public feed after the unfreeze lacks judgement %s: %+v", sid, after)
	}
}
