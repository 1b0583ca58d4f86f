package pages

import (
	"encoding/xml"
	"errors"
	"flag"
	"html/template"
	"io"
	"path/filepath"
	"strings"
	"testing"

	"puzzlejudge/internal/testutil"
	"puzzlejudge/judge/puzzles"
)

// updatePages rewrites the golden files of the pages' tests under
// testdata/pages/ (go test ./web -run Pages|SVG -update-pages). Its name keeps
// clear of any -update flag of other tests in this package.
var updatePages = flag.Bool("update-pages", false, "rewrite web/testdata/pages golden files")

// wellFormed reports the first XML error of an SVG picture, if any.
func wellFormed(t *testing.T, svg template.HTML) {
	t.Helper()
	d := xml.NewDecoder(strings.NewReader(string(svg)))
	for {
		_, err := d.Token()
		if errors.Is(err, io.EOF) {
			return
		}
		if err != nil {
			t.Fatalf("picture is not well-formed XML: %v\n%s", err, svg)
		}
	}
}

func golden(t *testing.T, name string, got string) {
	t.Helper()
	path := filepath.Join("testdata", "pages", name)
	if got != testutil.Golden(t, path, got, *updatePages, "-update-pages") {
		t.Errorf("%s differs from the golden file (run with -update-pages after checking the picture)\ngot:\n%s", path, got)
	}
}

func TestSVGFlood(t *testing.T) {
	tests := []struct {
		name  string
		rows  [][]int
		cells int
	}{
		{"flood-2x2.svg", [][]int{{0, 0}, {0, 0}}, 4},
		{"flood-3x3.svg", [][]int{{0, 1, 2}, {1, 1, 2}, {2, 2, 1}}, 9},
		{"flood-16colours.svg", [][]int{{0, 1, 2, 3}, {4, 5, 6, 7}, {8, 9, 10, 11}, {12, 13, 14, 15}}, 16},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			svg := drawFlood("t1", tc.rows)
			wellFormed(t, svg)
			if got := strings.Count(string(svg), `class="cell"`); got != tc.cells {
				t.Errorf("drawFlood drew %d cells, want %d", got, tc.cells)
			}
			if !strings.Contains(string(svg), `class="start"`) {
				t.Errorf("drawFlood did not mark the start square")
			}
			golden(t, tc.name, string(svg))
		})
	}
}

// TestSVGFloodPatterns checks that the 16 colours of the largest boards are
// told apart without colour: no two share both fill and pattern, and each
// pattern a cell refers to is defined in the same picture.
func TestSVGFloodPatterns(t *testing.T) {
	seen := map[[2]string]int{}
	for k := range palette {
		key := [2]string{palette[k].Fill, patterns[patternFor(k)]}
		if j, dup := seen[key]; dup {
			t.Errorf("colours %d and %d look the same", j, k)
		}
		seen[key] = k
	}
	svg := string(drawFlood("x", [][]int{{0, 1}, {7, 9}}))
	for _, k := range []string{"1", "7", "9"} {
		if !strings.Contains(svg, `id="b-x-p`+k+`"`) || !strings.Contains(svg, `url(#b-x-p`+k+`)`) {
			t.Errorf("colour %s: pattern missing or unused in\n%s", k, svg)
		}
	}
	if strings.Contains(svg, `id="b-x-p0"`) {
		t.Errorf("colour 0 is plain but got a pattern")
	}
}

func TestSVGRotation(t *testing.T) {
	cells := []int{1, 1, 1, 1, 3, 2, 3, 2, 3, 1, 3, 2, 2, 3, 1, 2, 2, 2, 1, 3, 2, 3, 3, 3}
	svg := drawRotation("r", cells)
	wellFormed(t, svg)
	if got := strings.Count(string(svg), `class="cell"`); got != 24 {
		t.Errorf("drawRotation drew %d cells, want 24", got)
	}
	for _, s := range []string{`class="middle"`, "centre ring", ">A</text>", ">H</text>"} {
		if !strings.Contains(string(svg), s) {
			t.Errorf("drawRotation lacks %q", s)
		}
	}
	golden(t, "rotation-sample.svg", string(svg))
}

func TestSVGMayan(t *testing.T) {
	columns := [][]int{{1}, {2, 1}, {2, 3, 4}, {3, 1}, {2, 4, 3, 4}}
	svg := drawMayan("m", 3, columns)
	wellFormed(t, svg)
	if got := strings.Count(string(svg), `class="cell"`); got != 12 {
		t.Errorf("drawMayan drew %d blocks, want 12", got)
	}
	if !strings.Contains(string(svg), "block at x 4, y 3: colour 4") {
		t.Errorf("drawMayan lacks the title of the top block of column 4")
	}
	golden(t, "mayan-sample.svg", string(svg))
}

// TestSVGOddInput feeds shapes that the engines reject, to show the drawing
// functions stay well-formed and never panic whatever they are given.
func TestSVGOddInput(t *testing.T) {
	wellFormed(t, drawFlood(`"><script>`, [][]int{{-3, 99}, {}, {1 << 40}}))
	wellFormed(t, drawFlood("e", nil))
	wellFormed(t, drawRotation("e", make([]int, 30)))
	wellFormed(t, drawMayan("e", -1, [][]int{{1, 2, 3, 4, 5, 6, 7, 8, 9}, nil, nil, nil, nil, {1}}))
	if s := string(drawFlood(`"><script>`, nil)); strings.Contains(s, "<script") {
		t.Errorf("id was not cleaned: %s", s)
	}
}

// FuzzSVGBoard draws whatever a case text parses to, for each puzzle: the
// engine may refuse the text, but a board it accepts is always drawn as
// well-formed XML, and nothing panics.
func FuzzSVGBoard(f *testing.F) {
	for i, p := range pagesCatalogue {
		for _, c := range p.cases {
			f.Add(uint8(i), c.Input)
		}
	}
	f.Add(uint8(0), "30\n"+strings.Repeat(strings.Repeat("15 ", 30)+"\n", 30))
	f.Add(uint8(2), "5\n1 2 3 4 5 6 7 0\n0\n0\n0\n10 0\n")
	puzzles := puzzles.PuzzleNames()
	f.Fuzz(func(t *testing.T, which uint8, input string) {
		if len(input) > 1<<14 {
			return
		}
		puzzle := puzzles[int(which)%len(puzzles)]
		svg, err := boardPicture(puzzle, "f", input)
		if err != nil {
			return
		}
		wellFormed(t, svg)
		if !strings.Contains(string(svg), `class="cell"`) && puzzle != "mayan" {
			t.Errorf("boardPicture(%s, %q) drew no cell", puzzle, input)
		}
	})
}

// TestEveryPuzzleHasADrawer checks the drawers against the judge's registry:
// a registered puzzle without a picture would show an error on its pages.
func TestEveryPuzzleHasADrawer(t *testing.T) {
	for _, name := range puzzles.PuzzleNames() {
		if drawers[name] == nil {
			t.Errorf("puzzle %q has no drawer in web", name)
		}
	}
	if len(drawers) != len(puzzles.PuzzleNames()) {
		t.Errorf("%d drawers for %d puzzles", len(drawers), len(puzzles.PuzzleNames()))
	}
}
