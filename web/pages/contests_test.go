package pages

import (
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"
)

// TestPagesContest creates a contest on the form, submits in it from the
// problem page, and reads the board as each viewer may: the fragment the
// page polls answers 304 until the board changes.
func TestPagesContest(t *testing.T) {
	e := newPagesEnv(t, Options{})
	cases := e.waitCases("flood")
	var right string
	for _, c := range cases {
		right += c.Expected.Answer
	}
	stu := e.browser()
	stu.register("ada", "lovelace-1")
	other := e.browser()
	other.register("bob", "babbage-12")

	prof := e.browser()
	prof.login("admin", pagesAdminPassword)
	noTemplateError(t, prof.get("/contests").want(t, 200, "New contest", `name="problems"`))
	now := time.Now().UTC()
	form := url.Values{"title": {"Weekly 1"}, "start_time": {now.Add(-4*time.Hour - 30*time.Minute).Format(formTime)}, "duration": {"5h"},
		"freeze": {"1h"}, "scoring": {"icpc"}, "problems": {"A flood\nB rot"}, "participants": {"ada"}}
	bad := url.Values{}
	for k, v := range form {
		bad[k] = v
	}
	bad["duration"] = []string{"5 hours"}
	noTemplateError(t, prof.post("/contests", bad).want(t, 400, "duration: column 2", `value="Weekly 1"`))
	loc := prof.post("/contests", form).redirectTo(t, "/contests/")
	page := prof.get(loc).want(t, 200, "Weekly 1", `<td class="label">A</td>`, "?contest=", "Edit", "board frozen")
	noTemplateError(t, page)

	// ada submits from the problem page the contest page links to.
	id := strings.TrimPrefix(loc, "/contests/")
	stu.get(loc).want(t, 200, "You take part", `href="/problems/flood?contest=`+id+`"`)
	prob := stu.get("/problems/flood?contest="+id).want(t, 200, `name="contest" value="`+id+`"`, "You submit in", `id="moves-practice"`)
	// The moves form does not name the contest: moves are practice there.
	if form := prob.body[strings.Index(prob.body, `id="moves-form"`):]; strings.Contains(form[:strings.Index(form, "</form>")], `name="contest"`) {
		t.Error("the moves form names the contest")
	}
	sub := stu.post("/problems/flood/submissions", url.Values{"kind": {"answer"}, "output": {right}, "contest": {id}}).redirectTo(t, "/submissions/")
	stu.waitDone(sub)
	other.post("/problems/flood/submissions", url.Values{"kind": {"answer"}, "output": {right}, "contest": {id}}).
		want(t, 403, "do not take part")

	// Frozen for ada (her try is after the freeze), live for the jury.
	board := stu.get(loc+"/scoreboard").want(t, 200, "The board is frozen", `class="cell pending"`, "data-live=")
	noTemplateError(t, board)
	jury := prof.get(loc+"/scoreboard").want(t, 200, "The jury's live board", `class="cell first"`, "Unfreeze the board")
	noTemplateError(t, jury)
	frag := stu.get(loc+"/scoreboard?fragment=1").want(t, 200, "scoreboard")
	if strings.Contains(frag.body, "<html") {
		t.Error("the fragment holds a whole page")
	}
	etag := frag.header.Get("ETag")
	req, _ := http.NewRequest("GET", e.srv.URL+loc+"/scoreboard?fragment=1", nil)
	req.Header.Set("If-None-Match", etag)
	if got := stu.do(req); got.status != http.StatusNotModified {
		t.Errorf("the fragment again with If-None-Match %s = %d, want 304", etag, got.status)
	}
	other.get(loc+"/scoreboard").want(t, 403)

	// The jury unfreezes: ada sees the final board.
	prof.get(loc + "/scoreboard")
	prof.post(loc+"/unfreeze", url.Values{}).redirectTo(t, loc+"/scoreboard")
	stu.get(loc+"/scoreboard").want(t, 200, `class="cell first"`, "scoreboard.csv")
	if csv := stu.get(loc+"/scoreboard.csv").want(t, 200, "rank,user,solved,penalty,score", "\r\n1,ada,1,"); csv.header.Get("Content-Type") != "text/csv; charset=utf-8" {
		t.Errorf("scoreboard.csv Content-Type %q", csv.header.Get("Content-Type"))
	}
	stu.get(loc+"/scoreboard.json").want(t, 200, `"rows":[{"rank":1,"user":"ada"`)
	other.get(loc+"/scoreboard.csv").want(t, 403)
	if got := stu.do(req); got.status != http.StatusOK {
		t.Errorf("the fragment after unfreezing with the old ETag = %d, want 200", got.status)
	}
	stu.get("/contests").want(t, 200, "Weekly 1", "left")
}
