package pages

import (
	"archive/zip"
	"bytes"
	"context"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"puzzlejudge/judge"
)

// TestPagesAnswers: the problem page shows the input version, the zip of
// per-case files and the student's per-board chips; a zip of .out files is
// taken by the answer form; a rejudge shows on the submission page and is
// marked in the list until the student opens it.
func TestPagesAnswers(t *testing.T) {
	e := newPagesEnv(t, Options{})
	cases := e.waitCases("flood")
	// The boards as a student downloads them: hidden ones by position.
	in, err := e.svc.Input(context.Background(), judge.User{ID: 1 << 30, Username: "someone", Role: judge.RoleStudent}, "flood")
	if err != nil {
		t.Fatal(err)
	}
	b := e.browser()
	b.register("ada", "lovelace-1")
	prob := b.get("/problems/flood").want(t, 200,
		"version <code>"+in.Version+"</code>", `href="/api/v1/problems/flood/input.zip"`,
		`name="input_version" value="`+in.Version+`"`, "Your progress", `class="chip chip-untried"`)
	noTemplateError(t, prob)

	// A zip of the reference outputs, one per case, through the form.
	var zbuf bytes.Buffer
	zw := zip.NewWriter(&zbuf)
	for _, f := range in.Files() {
		w, _ := zw.Create(f.Base + ".out")
		for _, c := range cases {
			if c.ID == f.CaseID {
				w.Write([]byte(c.Expected.Answer))
			}
		}
	}
	zw.Close()
	loc := b.upload("/problems/flood/submissions", url.Values{"kind": {"answer"}, "input_version": {in.Version}}, "file", "out.zip", zbuf.String()).
		redirectTo(t, "/submissions/")
	done := b.waitDone(loc).want(t, 200, "v-accepted", "01-sample-1.out", "03-board-3.out", "Answers input version <code>"+in.Version+"</code>")
	noTemplateError(t, done)
	b.get("/problems/flood").want(t, 200, `class="chip chip-accepted"`, "Your score:")
	if p := b.get("/problems/flood"); strings.Contains(p.body, "chip-untried") {
		t.Errorf("a board is still untried after an accepted answer")
	}

	// An instructor adds a board; a whole output wrong on it; the board is
	// then deleted: the answer is rejudged, and the student is told.
	added, err := e.svc.AddCase(context.Background(), staff, "flood", judge.CaseSpec{Name: "added", Input: "2\n0 1\n1 1\n"})
	if err != nil {
		t.Fatal(err)
	}
	e.waitCases("flood")
	b.get("/problems/flood")
	loc = b.post("/problems/flood/submissions", url.Values{"kind": {"answer"}, "output": {"0\n3\n" + cases[2].Expected.Answer + "9\n"}}).redirectTo(t, "/submissions/")
	b.waitDone(loc).want(t, 200, "v-wrong-answer")
	if err := e.svc.DeleteCase(context.Background(), staff, "flood", added.ID); err != nil {
		t.Fatal(err)
	}
	var list page
	for range 1000 {
		list = b.get("/submissions").want(t, 200)
		if strings.Count(list.body, `class="changed"`) == 1 {
			break
		}
	}
	if strings.Count(list.body, `class="changed"`) != 1 {
		t.Fatalf("the list does not mark the rejudged submission:\n%s", list.body)
	}
	b.waitDone(loc).want(t, 200, "(board 4 was deleted): was wrong answer 75, now accepted 100")
	if list := b.get("/submissions").want(t, 200); strings.Contains(list.body, `class="changed"`) {
		t.Errorf("still marked changed after the student opened it")
	}

	// A zip with a path in it is refused on the page, with the reason.
	var bad bytes.Buffer
	zw = zip.NewWriter(&bad)
	w, _ := zw.Create("../01-sample-1.out")
	w.Write([]byte("0\n"))
	zw.Close()
	b.get("/problems/flood")
	b.upload("/problems/flood/submissions", url.Values{"kind": {"answer"}}, "file", "out.zip", bad.String()).want(t, 400, "may not hold a path")

	// An answer for boards that changed since: the page tells the student
	// what to do on the page, not which API path to GET.
	b.get("/problems/flood")
	stale := b.post("/problems/flood/submissions", url.Values{"kind": {"answer"}, "input_version": {"0123456789ab"}, "output": {"0\n3\n"}}).
		want(t, 409, "version 0123456789ab", "Download the judge input again from the link above")
	if strings.Contains(stale.body, "GET /api/v1") {
		t.Errorf("the stale-input message on the page names an API path:\n%s", stale.body)
	}

	home := b.get("/").want(t, 200)
	if !strings.Contains(home.body, `<span class="verdict v-accepted">accepted</span> <span class="num">100</span>`) {
		t.Errorf("the problem list does not show the best (accepted 100):\n%s", home.body)
	}
}

// TestProgressSaysWhatItCounts performs issue 24's bug 3: "Your best: wrong
// answer" stood above green chips without saying that the chips count
// moves too. The score says it is the best answer's, the chips that they
// count answers and moves together.
func TestProgressSaysWhatItCounts(t *testing.T) {
	e := newPagesEnv(t, Options{})
	cases := e.waitCases("flood")
	b := e.browser()
	b.register("ada", "lovelace-1")
	b.waitDone(b.post("/problems/flood/submissions", url.Values{"kind": {"answer"}, "output": {"0\n3\n99\n"}}).redirectTo(t, "/submissions/"))
	b.waitDone(b.post("/problems/flood/submissions", url.Values{"kind": {"moves"}, "case": {strconv.FormatInt(cases[1].ID, 10)}, "moves": {"1 2 1"}}).redirectTo(t, "/submissions/"))
	b.get("/problems/flood").want(t, 200, "v-wrong-answer", "your best answer, which answers every board at once", `id="progress-boards"`, "answers and moves together")
}
