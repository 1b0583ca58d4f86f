package pages

import (
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// TestWithheldOptimumPages: optimal moves on a hidden board of a problem
// that takes answers (and is in no assignment) read, on a student's pages,
// solved: not accepted, no optimum, no score (issue 24, item 2). The
// statement says so near the boards; the instructor's pages show the
// verdict itself.
func TestWithheldOptimumPages(t *testing.T) {
	e := newPagesEnv(t, Options{})
	cases := e.waitCases("flood")
	hidden := cases[2]
	if hidden.Sample || hidden.Expected.Optimal < 2 {
		t.Fatalf("want a hidden board with an optimum of 2 or more: %+v", hidden)
	}
	b := e.browser()
	b.register("hugo", "hugo-password")
	b.get("/problems/flood").want(t, 200, `id="withheld-rule"`, "with no optimum and no score, until the assignments of this problem have closed")
	loc := b.post("/problems/flood/submissions", url.Values{"kind": {"moves"}, "case": {strconv.FormatInt(hidden.ID, 10)},
		"moves": {hidden.Expected.Moves}}).redirectTo(t, "/submissions/")
	p := b.waitDone(loc).want(t, 200, "v-solved", `id="withheld"`, "solved in "+strconv.Itoa(hidden.Expected.Optimal)+" moves")
	for _, leak := range []string{"v-accepted", "score 100", "optimal", "the optimum is " + strconv.Itoa(hidden.Expected.Optimal)} {
		if strings.Contains(p.body, leak) {
			t.Errorf("the student's submission page shows %q", leak)
		}
	}
	row := regexp.MustCompile(`(?s)<tr>\s*<td>3\. board 3</td>.*?</tr>`).FindString(p.body)
	if !strings.Contains(row, strconv.Itoa(hidden.Expected.Optimal)+" / <span class=\"muted\" title=\"shown when the assignments of this problem have closed\">?</span>") {
		t.Errorf("the hidden board's row = %s, want the moves used and a withheld optimum", row)
	}
	if list := b.get("/submissions").want(t, 200, "v-solved").body; strings.Contains(list, "v-accepted") {
		t.Errorf("the student's list shows accepted")
	}
	b.get("/problems/flood").want(t, 200, "chip-solved", "1 of them count 0 until the assignments of this problem have closed")
	if r := b.get(loc+"/replay").want(t, 200).body; strings.Contains(r, "optim") || strings.Contains(r, "accepted") {
		t.Errorf("the replay page says more than solved:\n%s", r)
	}

	staff := e.browser()
	staff.login("admin", pagesAdminPassword)
	staff.get(loc).want(t, 200, "v-accepted", "score 100", "optimal")
	staff.get("/problems/flood").want(t, 200, "you see every verdict")
}
