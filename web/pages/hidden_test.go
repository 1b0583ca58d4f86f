package pages

import (
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// TestHiddenOptimumPage checks the result page of a move submission that
// does not solve a hidden board: the row shows the moves used, not the
// optimum.
func TestHiddenOptimumPage(t *testing.T) {
	e := newPagesEnv(t, Options{})
	cases := e.waitCases("flood")
	hidden := cases[2]
	if hidden.Sample || hidden.Expected.Optimal < 2 {
		t.Fatalf("want a hidden board with an optimum of 2 or more: %+v", hidden)
	}
	b := e.browser()
	b.register("hugo", "hugo-password")
	b.get("/problems/flood")
	moves := strings.Fields(hidden.Expected.Moves)
	loc := b.post("/problems/flood/submissions", url.Values{"kind": {"moves"}, "case": {strconv.FormatInt(hidden.ID, 10)},
		"moves": {strings.Join(moves[:len(moves)-1], " ")}}).redirectTo(t, "/submissions/")
	p := b.waitDone(loc).want(t, 200, "not solved")
	row := regexp.MustCompile(`(?s)<tr>\s*<td>3\. board 3</td>.*?</tr>`).FindString(p.body)
	if row == "" {
		t.Fatalf("no row for the hidden board:\n%s", p.body)
	}
	if !strings.Contains(row, strconv.Itoa(len(moves)-1)+" / ") || mentions(strings.ReplaceAll(row, strconv.Itoa(len(moves)-1)+" / ", ""), hidden.Expected.Optimal) {
		t.Errorf("the hidden board's row shows its optimum %d: %s", hidden.Expected.Optimal, row)
	}
}

// positions are the numbers of a message that say where, not how many.
var positions = regexp.MustCompile(`(line|lines|column|move) \d+(-\d+)?`)

// mentions reports whether the message holds n as a whole number, apart
// from line, column and move numbers.
func mentions(msg string, n int) bool {
	msg = positions.ReplaceAllString(msg, "")
	return regexp.MustCompile(`(^|\D)` + strconv.Itoa(n) + `(\D|$)`).MatchString(msg)
}
