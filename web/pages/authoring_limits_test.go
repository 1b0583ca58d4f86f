package pages

import (
	"net/url"
	"regexp"
	"strings"
	"testing"
)

// TestProblemFormBoardLimits: the problem form shows the board limits of
// the problem's puzzle only, each with its engine's most as the input's
// max: none for Rotation, whose boards are all alike (its edit form showed
// size and colour fields, issue 24, bug 7), and a Rotation problem saved
// from its form as shown keeps no limits. A new problem's form names the
// puzzles each limit is for.
func TestProblemFormBoardLimits(t *testing.T) {
	e := newPagesEnv(t, Options{})
	teacher := e.browser()
	teacher.login("admin", pagesAdminPassword)
	field := func(name string) *regexp.Regexp { return regexp.MustCompile(`<input name="` + name + `"[^>]*>`) }
	for _, tc := range []struct {
		path  string
		shown map[string]string // field -> its max attribute ("" for none)
	}{
		{"/problems/rot/edit", map[string]string{}},
		{"/problems/flood/edit", map[string]string{"max_size": `max="30"`, "max_colors": `max="16"`}},
		{"/problems/maya/edit", map[string]string{"max_colors": `max="10"`, "max_moves": `max="7"`}},
		{"/problems/new", map[string]string{"max_size": "(fifteen, floodit)", "max_colors": "(floodit, mayan)", "max_moves": "(mayan)"}},
	} {
		p := teacher.get(tc.path).want(t, 200, `id="board-limits"`)
		noTemplateError(t, p)
		for _, name := range []string{"max_size", "max_colors", "max_moves"} {
			input := field(name).FindString(p.body)
			want, shown := tc.shown[name]
			switch {
			case !shown && input != "":
				t.Errorf("%s shows %s", tc.path, input)
			case shown && input == "":
				t.Errorf("%s has no %s field", tc.path, name)
			case shown && strings.HasPrefix(want, "max=") && !strings.Contains(input, want):
				t.Errorf("%s: %s, want %s", tc.path, input, want)
			case shown && strings.HasPrefix(want, "(") && !strings.Contains(p.body, name+" "+want):
				t.Errorf("%s does not name the puzzles of %s as %s", tc.path, name, want)
			}
		}
		if len(tc.shown) == 0 && !strings.Contains(p.body, "Every rotation board is alike, so the puzzle has no limits of its boards.") {
			t.Errorf("%s does not say why it has no limits", tc.path)
		}
	}
	title := regexp.MustCompile(`name="title" value="([^"]*)"`).FindStringSubmatch(teacher.get("/problems/rot/edit").body)
	if title == nil {
		t.Fatal("no title field on the rotation form")
	}
	form := url.Values{"slug": {"rot"}, "title": {title[1]}, "puzzle": {"rotation"}, "checker": {"exact"}, "statement": {"Rotate the bars."}, "published": {"1"}}
	teacher.post("/problems/rot/edit", form).redirectTo(t, "/problems/rot")
	form.Set("max_size", "3")
	teacher.post("/problems/rot/edit", form).want(t, 400, "limits.max_size: puzzle rotation has no such limit")
}
